// Generated from openapi/ by scripts/operations.mjs. Do not edit: run `npm run generate`.
/** The HTTP operations of the document by operationId. */
export const operationIndex = {
  "ping": {
    "method": "GET",
    "path": "/api/v4/public/ping",
    "signed": false,
    "stateChanging": false,
    "businessPartnerOnly": false,
    "rateLimits": [
      {
        "scope": "/api/v4/public/*",
        "requests": 20000,
        "periodSeconds": 10,
        "enforcement": "per-ip-address"
      }
    ],
    "pagination": null,
    "requestFields": [],
    "requestDefaults": {},
    "tiedToRequest": [],
    "oncePer": [],
    "publicAnswer": [
      "pong"
    ]
  },
  "getInvestmentsHistory": {
    "method": "POST",
    "path": "/api/v4/main-account/smart/investments",
    "signed": true,
    "stateChanging": false,
    "businessPartnerOnly": true,
    "rateLimits": [
      {
        "scope": "/api/v4/main-account/*",
        "requests": 1000,
        "periodSeconds": 10,
        "enforcement": "per-ip-address"
      },
      {
        "scope": "operation",
        "requests": 1000,
        "periodSeconds": 10,
        "enforcement": "unspecified"
      }
    ],
    "pagination": {
      "offsetField": "offset",
      "limitField": "limit",
      "recordsField": "records",
      "limitDefault": 100,
      "limitMaximum": 100,
      "offsetMaximum": 10000
    },
    "requestFields": [
      "request",
      "nonce",
      "id",
      "ticker",
      "status",
      "limit",
      "offset"
    ],
    "requestDefaults": {
      "limit": 100,
      "offset": 0
    },
    "tiedToRequest": [
      {
        "answer": "limit",
        "equals": "limit"
      },
      {
        "answer": "offset",
        "equals": "offset"
      },
      {
        "answer": "records",
        "atMostItems": "limit"
      }
    ],
    "oncePer": [],
    "publicAnswer": null
  },
  "getInterestPaymentsHistory": {
    "method": "POST",
    "path": "/api/v4/main-account/smart/interest-payment-history",
    "signed": true,
    "stateChanging": false,
    "businessPartnerOnly": true,
    "rateLimits": [
      {
        "scope": "/api/v4/main-account/*",
        "requests": 1000,
        "periodSeconds": 10,
        "enforcement": "per-ip-address"
      }
    ],
    "pagination": {
      "offsetField": "offset",
      "limitField": "limit",
      "recordsField": "records",
      "limitDefault": 100,
      "limitMaximum": 100,
      "offsetMaximum": 10000
    },
    "requestFields": [
      "request",
      "nonce",
      "planId",
      "ticker",
      "limit",
      "offset"
    ],
    "requestDefaults": {
      "limit": 100,
      "offset": 0
    },
    "tiedToRequest": [
      {
        "answer": "limit",
        "equals": "limit"
      },
      {
        "answer": "offset",
        "equals": "offset"
      },
      {
        "answer": "records",
        "atMostItems": "limit"
      }
    ],
    "oncePer": [],
    "publicAnswer": null
  },
  "updateFlexAutoReinvestment": {
    "method": "POST",
    "path": "/api/v4/main-account/smart-flex/investments/auto-invest",
    "signed": true,
    "stateChanging": true,
    "businessPartnerOnly": false,
    "rateLimits": [
      {
        "scope": "/api/v4/main-account/*",
        "requests": 1000,
        "periodSeconds": 10,
        "enforcement": "per-ip-address"
      }
    ],
    "pagination": null,
    "requestFields": [
      "request",
      "nonce",
      "plan",
      "enabled"
    ],
    "requestDefaults": {
      "enabled": false
    },
    "tiedToRequest": [],
    "oncePer": [],
    "publicAnswer": null
  },
  "getMainBalance": {
    "method": "POST",
    "path": "/api/v4/main-account/balance",
    "signed": true,
    "stateChanging": false,
    "businessPartnerOnly": false,
    "rateLimits": [
      {
        "scope": "/api/v4/main-account/*",
        "requests": 1000,
        "periodSeconds": 10,
        "enforcement": "per-ip-address"
      }
    ],
    "pagination": null,
    "requestFields": [
      "request",
      "nonce",
      "ticker"
    ],
    "requestDefaults": {},
    "tiedToRequest": [
      {
        "onlyKey": "ticker"
      }
    ],
    "oncePer": [],
    "publicAnswer": null
  },
  "applyCode": {
    "method": "POST",
    "path": "/api/v4/main-account/codes/apply",
    "signed": true,
    "stateChanging": true,
    "businessPartnerOnly": false,
    "rateLimits": [
      {
        "scope": "/api/v4/main-account/*",
        "requests": 1000,
        "periodSeconds": 10,
        "enforcement": "per-ip-address"
      }
    ],
    "pagination": null,
    "requestFields": [
      "request",
      "nonce",
      "code",
      "passphrase"
    ],
    "requestDefaults": {},
    "tiedToRequest": [],
    "oncePer": [
      "code"
    ],
    "publicAnswer": null
  },
  "refundDeposit": {
    "method": "POST",
    "path": "/api/v4/main-account/refund-deposit",
    "signed": true,
    "stateChanging": true,
    "businessPartnerOnly": false,
    "rateLimits": [
      {
        "scope": "/api/v4/main-account/*",
        "requests": 1000,
        "periodSeconds": 10,
        "enforcement": "per-ip-address"
      }
    ],
    "pagination": null,
    "requestFields": [
      "transaction_id",
      "address",
      "request",
      "nonce"
    ],
    "requestDefaults": {},
    "tiedToRequest": [
      {
        "answer": "id",
        "equals": "transaction_id"
      }
    ],
    "oncePer": [],
    "publicAnswer": null
  },
  "getMiningPayoutDestination": {
    "method": "POST",
    "path": "/api/v4/mining/payout-destination",
    "signed": true,
    "stateChanging": false,
    "businessPartnerOnly": false,
    "rateLimits": [],
    "pagination": null,
    "requestFields": [
      "accountName",
      "request",
      "nonce"
    ],
    "requestDefaults": {},
    "tiedToRequest": [],
    "oncePer": [],
    "publicAnswer": null
  },
  "getFundingHistory": {
    "method": "POST",
    "path": "/api/v4/collateral-account/funding-history",
    "signed": true,
    "stateChanging": false,
    "businessPartnerOnly": false,
    "rateLimits": [],
    "pagination": {
      "offsetField": "offset",
      "limitField": "limit",
      "recordsField": "records",
      "limitDefault": 100,
      "limitMaximum": null,
      "offsetMaximum": null
    },
    "requestFields": [
      "market",
      "limit",
      "offset",
      "request",
      "nonce"
    ],
    "requestDefaults": {
      "limit": 100,
      "offset": 0
    },
    "tiedToRequest": [
      {
        "answer": "limit",
        "equals": "limit"
      },
      {
        "answer": "offset",
        "equals": "offset"
      },
      {
        "answer": "records",
        "atMostItems": "limit"
      }
    ],
    "oncePer": [],
    "publicAnswer": null
  },
  "resetSubAccountApiKey": {
    "method": "POST",
    "path": "/api/v4/sub-account/api-key/reset",
    "signed": true,
    "stateChanging": true,
    "businessPartnerOnly": false,
    "rateLimits": [],
    "pagination": null,
    "requestFields": [
      "apiKeyId",
      "request",
      "nonce"
    ],
    "requestDefaults": {},
    "tiedToRequest": [],
    "oncePer": [],
    "publicAnswer": null
  }
};

/** The operationIds of the HTTP operations, in the document's order. */
export const operationIds = [
  "ping",
  "getInvestmentsHistory",
  "getInterestPaymentsHistory",
  "updateFlexAutoReinvestment",
  "getMainBalance",
  "applyCode",
  "refundDeposit",
  "getMiningPayoutDestination",
  "getFundingHistory",
  "resetSubAccountApiKey"
];

/** The servers of the document. */
export const servers = [
  {
    "url": "http://127.0.0.1:8080",
    "description": "The local sandbox of this package (txc-api serve, or npm start in its repository), for trying requests. The API's own servers follow.",
    "variables": {}
  },
  {
    "url": "{scheme}://{host}",
    "description": "The API. The source description calls its base address {base_url} and names no host: supply the scheme (https or http; the description does not fix it) and the host, with a port if any. The default host is a placeholder that never resolves (the reserved .invalid domain), so that no host is guessed.",
    "variables": {
      "scheme": {
        "default": "https"
      },
      "host": {
        "default": "base-url.invalid"
      }
    }
  },
  {
    "url": "{scheme}://{host}",
    "description": "A regional server with the same API. The source description calls its base address {eu_base_url} and names no host: supply the scheme and the host, with a port if any. The default host is a placeholder that never resolves.",
    "variables": {
      "scheme": {
        "default": "https"
      },
      "host": {
        "default": "eu-base-url.invalid"
      }
    }
  }
];

/** How a private request is signed: the header names, the body fields the signer sets, the HMAC's hash and the encodings (x-txc-signing). */
export const signing = {
  "headers": {
    "apiKey": "X-TXC-APIKEY",
    "payload": "X-TXC-PAYLOAD",
    "signature": "X-TXC-SIGNATURE"
  },
  "bodyFields": {
    "path": "request",
    "nonce": "nonce"
  },
  "hmac": "SHA-512",
  "payloadEncoding": "base64",
  "signatureEncoding": "hex"
};

/** Where the API's paths live (the directory all its operations share). */
export const pathPrefixes = {
  "api": "/api/v4/"
};

/** What the error examples show: the private error's code by status, the public error's fields besides its message. */
export const errorFormats = {
  "privateCodes": {
    "400": 0,
    "401": 401,
    "403": 403,
    "404": 404,
    "429": 429,
    "500": 500
  },
  "publicFields": {
    "success": false,
    "params": []
  }
};

/** The event name of each webhook, by operationId. */
export const webhookEvents = {
  "depositCanceled": "deposit.canceled"
};
