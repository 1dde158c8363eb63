// Generated from openapi/workflows.arazzo.yaml by scripts/workflows.mjs. Do not edit: run `npm run generate`.
/** The API's workflows (Arazzo 1.0.1), as bundled in workflows.arazzo.json. */
export const workflows = [
  {
    "workflowId": "refundCancelledDeposit",
    "summary": "A cancelled deposit refunded, by the uniqueId of its deposit.canceled event",
    "description": "The description: \"An event named deposit.canceled is delivered as a webhook when a deposit\nis cancelled. Its field uniqueId is the deposit transaction identifier accepted as\ntransaction_id by the deposit refund endpoint\", and the refund answers \"object with id\n(string, UUID), equal to transaction_id of the request\". Arazzo has no webhook step: the\nevent's uniqueId is this workflow's input. Which addresses a server accepts, and what it\nanswers a second refund of the same deposit: not shown.\n",
    "inputs": {
      "type": "object",
      "required": [
        "uniqueId",
        "address"
      ],
      "properties": {
        "uniqueId": {
          "type": "string",
          "description": "The uniqueId of a deposit.canceled event (a UUID)."
        },
        "address": {
          "type": "string",
          "description": "The destination wallet address of the refund."
        }
      }
    },
    "steps": [
      {
        "stepId": "refund",
        "description": "The refund of the deposit the event named, its transaction_id the event's uniqueId.",
        "operationId": "refundDeposit",
        "requestBody": {
          "contentType": "application/json",
          "payload": {
            "transaction_id": "$inputs.uniqueId",
            "address": "$inputs.address"
          }
        },
        "successCriteria": [
          {
            "condition": "$statusCode == 200"
          },
          {
            "condition": "$response.body#/id == $inputs.uniqueId"
          }
        ],
        "outputs": {
          "refundId": "$response.body#/id"
        }
      }
    ]
  },
  {
    "workflowId": "redeemCodeOnce",
    "summary": "A value code redeemed into the balance, then spent",
    "description": "The description: the endpoint \"Redeems a value code into the account\", and its result has\n\"ticker: Ticker of the credited currency\" and \"amount: Credited amount\": the balance of that\nticker goes up by exactly that amount (\"Assets that have zero balance may be omitted from a\nfull listing\": an absent ticker had 0). A code redeemed is spent: applying it a second time\nis refused. Which status refuses it: not shown (\"the error responses: not shown\"), so any\nrefusal (a 4xx other than 429) passes.\n",
    "inputs": {
      "type": "object",
      "required": [
        "code"
      ],
      "properties": {
        "code": {
          "type": "string",
          "description": "A value code not yet redeemed."
        },
        "passphrase": {
          "type": "string",
          "description": "The code's passphrase, where it has one."
        }
      }
    },
    "steps": [
      {
        "stepId": "balanceBefore",
        "description": "The balance listing before the code is redeemed.",
        "operationId": "getMainBalance",
        "requestBody": {
          "contentType": "application/json",
          "payload": {}
        },
        "successCriteria": [
          {
            "condition": "$statusCode == 200"
          }
        ],
        "outputs": {
          "balances": "$response.body"
        }
      },
      {
        "stepId": "redeem",
        "description": "The code applied once.",
        "operationId": "applyCode",
        "requestBody": {
          "contentType": "application/json",
          "payload": {
            "code": "$inputs.code",
            "passphrase": "$inputs.passphrase"
          }
        },
        "successCriteria": [
          {
            "condition": "$statusCode == 200"
          }
        ],
        "outputs": {
          "ticker": "$response.body#/ticker",
          "amount": "$response.body#/amount"
        }
      },
      {
        "stepId": "balanceAfter",
        "description": "The balance of the credited ticker, up by the amount credited.",
        "operationId": "getMainBalance",
        "requestBody": {
          "contentType": "application/json",
          "payload": {
            "ticker": "$steps.redeem.outputs.ticker"
          }
        },
        "successCriteria": [
          {
            "condition": "$statusCode == 200"
          }
        ],
        "x-txc-credited": {
          "before": "$steps.balanceBefore.outputs.balances",
          "after": "$response.body",
          "ticker": "$steps.redeem.outputs.ticker",
          "amount": "$steps.redeem.outputs.amount"
        }
      },
      {
        "stepId": "redeemAgain",
        "description": "The same code applied again, refused.",
        "operationId": "applyCode",
        "requestBody": {
          "contentType": "application/json",
          "payload": {
            "code": "$inputs.code",
            "passphrase": "$inputs.passphrase"
          }
        },
        "successCriteria": [
          {
            "condition": "$statusCode >= 400 && $statusCode < 500 && $statusCode != 429"
          }
        ],
        "outputs": {
          "refusal": "$statusCode"
        }
      }
    ]
  },
  {
    "workflowId": "readInvestmentsByPages",
    "summary": "The investments history read by pages of two, offset moving by the records of a full page",
    "description": "The description: the investments history takes limit \"1 to 100, default 100\" and offset\n\"0 to 10000, default 0\", and answers \"object with offset (integer), limit (integer), records\n(array of Investment)\". A page holds at most limit records; the next page starts where the\nrecords returned end, and lists none of them again. This workflow reads the first page and\nthe next one with pages of two records: Arazzo 1.0.1 cannot add, so the page size is fixed\nfor the last record of a full page to have a known pointer (records/1), and the next page\nmust start with neither the first page's first record nor its last (an offset one short).\nA first page that is not full is the whole history. The order of the records: not shown (two\nreads in a row are taken to list them in the same order).\n",
    "inputs": {
      "type": "object",
      "properties": {}
    },
    "steps": [
      {
        "stepId": "firstPage",
        "description": "The first page of two records, from offset 0; a next page follows a full one.",
        "operationId": "getInvestmentsHistory",
        "requestBody": {
          "contentType": "application/json",
          "payload": {
            "offset": 0,
            "limit": 2
          }
        },
        "successCriteria": [
          {
            "condition": "$statusCode == 200"
          },
          {
            "condition": "$response.body#/offset == 0"
          },
          {
            "condition": "$response.body#/limit == 2"
          },
          {
            "context": "$response.body",
            "condition": "$[?length(@.records) <= @.limit]",
            "type": "jsonpath"
          }
        ],
        "onSuccess": [
          {
            "name": "noNextPage",
            "type": "end",
            "criteria": [
              {
                "context": "$response.body",
                "condition": "$[?length(@.records) < @.limit]",
                "type": "jsonpath"
              }
            ]
          }
        ],
        "outputs": {
          "nextOffset": "$response.body#/limit",
          "firstId": "$response.body#/records/0/id",
          "lastId": "$response.body#/records/1/id"
        }
      },
      {
        "stepId": "nextPage",
        "description": "The next page, from where the first page's records end.",
        "operationId": "getInvestmentsHistory",
        "requestBody": {
          "contentType": "application/json",
          "payload": {
            "offset": "$steps.firstPage.outputs.nextOffset",
            "limit": 2
          }
        },
        "successCriteria": [
          {
            "condition": "$statusCode == 200"
          },
          {
            "condition": "$response.body#/offset == $steps.firstPage.outputs.nextOffset"
          },
          {
            "context": "$response.body",
            "condition": "$[?length(@.records) <= @.limit]",
            "type": "jsonpath"
          },
          {
            "condition": "$response.body#/records/0/id != $steps.firstPage.outputs.firstId"
          },
          {
            "condition": "$response.body#/records/0/id != $steps.firstPage.outputs.lastId"
          }
        ],
        "outputs": {
          "firstId": "$response.body#/records/0/id"
        }
      }
    ]
  },
  {
    "workflowId": "interestPaymentsOfAPlan",
    "summary": "An investment's plan, the interest payments of that plan, and the investment a payment names",
    "description": "The description: an Investment has \"plan (object, Fixed plan)\" whose id is the plan's, and\nthe interest payments history takes \"planId (Plan identifier filter)\" and answers records\nwith \"planId\" and \"investmentId\"; the investments history takes \"id (Investment identifier\nfilter)\". Filtered by the plan of an investment, every payment is that plan's, and the\ninvestment a payment names is an investment of that plan. Whether an account has an\ninvestment, or a plan a payment yet: not shown, so either ends the workflow early.\n",
    "inputs": {
      "type": "object",
      "properties": {}
    },
    "steps": [
      {
        "stepId": "investment",
        "description": "One investment, and the id of its plan.",
        "operationId": "getInvestmentsHistory",
        "requestBody": {
          "contentType": "application/json",
          "payload": {
            "limit": 1
          }
        },
        "successCriteria": [
          {
            "condition": "$statusCode == 200"
          },
          {
            "context": "$response.body",
            "condition": "$[?length(@.records) <= 1]",
            "type": "jsonpath"
          }
        ],
        "onSuccess": [
          {
            "name": "noInvestment",
            "type": "end",
            "criteria": [
              {
                "context": "$response.body",
                "condition": "$[?length(@.records) == 0]",
                "type": "jsonpath"
              }
            ]
          }
        ],
        "outputs": {
          "planId": "$response.body#/records/0/plan/id"
        }
      },
      {
        "stepId": "payments",
        "description": "The interest payments filtered by that plan, every one of them the plan's.",
        "operationId": "getInterestPaymentsHistory",
        "requestBody": {
          "contentType": "application/json",
          "payload": {
            "planId": "$steps.investment.outputs.planId"
          }
        },
        "successCriteria": [
          {
            "condition": "$statusCode == 200"
          },
          {
            "context": "$response.body",
            "condition": "$[?count(@.records[?@.planId != {$steps.investment.outputs.planId}]) == 0]",
            "type": "jsonpath"
          }
        ],
        "onSuccess": [
          {
            "name": "noPayment",
            "type": "end",
            "criteria": [
              {
                "context": "$response.body",
                "condition": "$[?length(@.records) == 0]",
                "type": "jsonpath"
              }
            ]
          }
        ],
        "outputs": {
          "investmentId": "$response.body#/records/0/investmentId"
        }
      },
      {
        "stepId": "paidInvestment",
        "description": "The investment the first payment names, an investment of that plan.",
        "operationId": "getInvestmentsHistory",
        "requestBody": {
          "contentType": "application/json",
          "payload": {
            "id": "$steps.payments.outputs.investmentId"
          }
        },
        "successCriteria": [
          {
            "condition": "$statusCode == 200"
          },
          {
            "condition": "$response.body#/records/0/id == $steps.payments.outputs.investmentId"
          },
          {
            "condition": "$response.body#/records/0/plan/id == $steps.investment.outputs.planId"
          }
        ]
      }
    ]
  }
];
