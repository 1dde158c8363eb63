// The links of the served page's Workflows section that open the workflow panel:
// `#txc-run-workflow/<workflowId>`, written by served-docs.mjs, caught by run-workflow.js.
export const RUN_LINK = "#txc-run-workflow/";
