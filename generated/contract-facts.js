// Generated from openapi/ by scripts/contract-facts.mjs. Do not edit: run `npm run generate`.
/** What contract-test reads of the document, by operationId. */
export const contractFacts = {
  "ping": {
    "requestSchema": null,
    "requestExamples": [],
    "statuses": [
      "200",
      "429",
      "500"
    ],
    "errorKeys": []
  },
  "getInvestmentsHistory": {
    "requestSchema": {
      "type": "object",
      "title": "InvestmentsHistoryRequest",
      "required": [
        "request",
        "nonce"
      ],
      "properties": {
        "request": {
          "type": "string",
          "title": "RequestPath",
          "description": "The request path of the called endpoint, for example `/api/v4/main-account/balance`. It is part of the signed body.",
          "examples": [
            "/api/v4/main-account/balance"
          ]
        },
        "nonce": {
          "type": "string",
          "title": "Nonce",
          "description": "Unique identifier of the request, part of the signed body. The document does not state the validation rule (acceptance window, scope of uniqueness).",
          "examples": [
            "1700000000123"
          ]
        },
        "id": {
          "type": "string",
          "description": "Investment identifier filter."
        },
        "ticker": {
          "type": "string",
          "title": "Ticker",
          "description": "Currency ticker, such as USDT or BTC.",
          "examples": [
            "USDT"
          ]
        },
        "status": {
          "type": "integer",
          "title": "InvestmentStatus",
          "description": "State of a fixed-term investment:\n- `1`: active\n- `2`: closed\n\nThe document does not show the transitions between states.",
          "enum": [
            1,
            2
          ],
          "x-enum-varnames": [
            "Active",
            "Closed"
          ],
          "x-enum-descriptions": [
            "active",
            "closed"
          ]
        },
        "limit": {
          "type": "integer",
          "title": "PageLimit",
          "description": "Number of records to return, 1 to 100.",
          "minimum": 1,
          "maximum": 100,
          "default": 100
        },
        "offset": {
          "type": "integer",
          "title": "PageOffset",
          "description": "Number of records to skip, 0 to 10000.",
          "minimum": 0,
          "maximum": 10000,
          "default": 0
        }
      }
    },
    "requestExamples": [
      {
        "name": "firstPage",
        "fields": {}
      },
      {
        "name": "activeUsdt",
        "fields": {
          "ticker": "USDT",
          "status": 1,
          "limit": 50,
          "offset": 50
        }
      }
    ],
    "statuses": [
      "200",
      "400",
      "401",
      "403",
      "404",
      "429",
      "500"
    ],
    "errorKeys": [
      "id",
      "ticker",
      "status"
    ]
  },
  "getInterestPaymentsHistory": {
    "requestSchema": {
      "type": "object",
      "title": "InterestPaymentsHistoryRequest",
      "required": [
        "request",
        "nonce"
      ],
      "properties": {
        "request": {
          "type": "string",
          "title": "RequestPath",
          "description": "The request path of the called endpoint, for example `/api/v4/main-account/balance`. It is part of the signed body.",
          "examples": [
            "/api/v4/main-account/balance"
          ]
        },
        "nonce": {
          "type": "string",
          "title": "Nonce",
          "description": "Unique identifier of the request, part of the signed body. The document does not state the validation rule (acceptance window, scope of uniqueness).",
          "examples": [
            "1700000000123"
          ]
        },
        "planId": {
          "type": "string",
          "description": "Plan identifier filter."
        },
        "ticker": {
          "type": "string",
          "title": "Ticker",
          "description": "Currency ticker, such as USDT or BTC.",
          "examples": [
            "USDT"
          ]
        },
        "limit": {
          "type": "integer",
          "title": "PageLimit",
          "description": "Number of records to return, 1 to 100.",
          "minimum": 1,
          "maximum": 100,
          "default": 100
        },
        "offset": {
          "type": "integer",
          "title": "PageOffset",
          "description": "Number of records to skip, 0 to 10000.",
          "minimum": 0,
          "maximum": 10000,
          "default": 0
        }
      }
    },
    "requestExamples": [
      {
        "name": "firstPage",
        "fields": {}
      },
      {
        "name": "byPlan",
        "fields": {
          "planId": "6f1e2d3c-4b5a-4978-8a6b-1c2d3e4f5a6b",
          "ticker": "USDT",
          "limit": 20,
          "offset": 0
        }
      }
    ],
    "statuses": [
      "200",
      "400",
      "401",
      "403",
      "404",
      "429",
      "500"
    ],
    "errorKeys": []
  },
  "updateFlexAutoReinvestment": {
    "requestSchema": {
      "type": "object",
      "title": "FlexAutoInvestRequest",
      "required": [
        "request",
        "nonce",
        "plan"
      ],
      "properties": {
        "request": {
          "type": "string",
          "title": "RequestPath",
          "description": "The request path of the called endpoint, for example `/api/v4/main-account/balance`. It is part of the signed body.",
          "examples": [
            "/api/v4/main-account/balance"
          ]
        },
        "nonce": {
          "type": "string",
          "title": "Nonce",
          "description": "Unique identifier of the request, part of the signed body. The document does not state the validation rule (acceptance window, scope of uniqueness).",
          "examples": [
            "1700000000123"
          ]
        },
        "plan": {
          "type": "string",
          "title": "Uuid",
          "format": "uuid",
          "description": "A UUID.",
          "examples": [
            "3b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b34"
          ]
        },
        "enabled": {
          "type": "boolean",
          "default": false,
          "description": "`true` enables and `false` disables automatic reinvestment."
        }
      }
    },
    "requestExamples": [
      {
        "name": "enable",
        "fields": {
          "plan": "5c4d3e2f-1a0b-4c9d-8e7f-6a5b4c3d2e1f",
          "enabled": true
        }
      },
      {
        "name": "disable",
        "fields": {
          "plan": "5c4d3e2f-1a0b-4c9d-8e7f-6a5b4c3d2e1f"
        }
      }
    ],
    "statuses": [
      "200",
      "400",
      "401",
      "403",
      "404",
      "429",
      "500"
    ],
    "errorKeys": []
  },
  "getMainBalance": {
    "requestSchema": {
      "type": "object",
      "title": "MainBalanceRequest",
      "required": [
        "request",
        "nonce"
      ],
      "properties": {
        "request": {
          "type": "string",
          "title": "RequestPath",
          "description": "The request path of the called endpoint, for example `/api/v4/main-account/balance`. It is part of the signed body.",
          "examples": [
            "/api/v4/main-account/balance"
          ]
        },
        "nonce": {
          "type": "string",
          "title": "Nonce",
          "description": "Unique identifier of the request, part of the signed body. The document does not state the validation rule (acceptance window, scope of uniqueness).",
          "examples": [
            "1700000000123"
          ]
        },
        "ticker": {
          "type": "string",
          "title": "Ticker",
          "description": "Currency ticker, such as USDT or BTC.",
          "examples": [
            "USDT"
          ]
        }
      }
    },
    "requestExamples": [
      {
        "name": "all",
        "fields": {}
      },
      {
        "name": "oneTicker",
        "fields": {
          "ticker": "BTC"
        }
      }
    ],
    "statuses": [
      "200",
      "400",
      "401",
      "403",
      "404",
      "429",
      "500"
    ],
    "errorKeys": []
  },
  "applyCode": {
    "requestSchema": {
      "type": "object",
      "title": "ApplyCodeRequest",
      "description": "The document does not say which of `code` and `passphrase` are required, so neither is marked required here.",
      "required": [
        "request",
        "nonce"
      ],
      "properties": {
        "request": {
          "type": "string",
          "title": "RequestPath",
          "description": "The request path of the called endpoint, for example `/api/v4/main-account/balance`. It is part of the signed body.",
          "examples": [
            "/api/v4/main-account/balance"
          ]
        },
        "nonce": {
          "type": "string",
          "title": "Nonce",
          "description": "Unique identifier of the request, part of the signed body. The document does not state the validation rule (acceptance window, scope of uniqueness).",
          "examples": [
            "1700000000123"
          ]
        },
        "code": {
          "type": "string",
          "description": "The code to redeem. Whether it is required is not shown in the document."
        },
        "passphrase": {
          "type": "string",
          "description": "Passphrase used with the code. Whether it is required is not shown in the document."
        }
      }
    },
    "requestExamples": [
      {
        "name": "withPassphrase",
        "fields": {
          "code": "TXC-USDT-7F3K9Q2M8Z4W",
          "passphrase": "blue-harbour-42"
        }
      },
      {
        "name": "withoutPassphrase",
        "fields": {
          "code": "TXC-BTC-2H6N1V5X0C7B"
        }
      }
    ],
    "statuses": [
      "200",
      "400",
      "401",
      "403",
      "404",
      "429",
      "500"
    ],
    "errorKeys": []
  },
  "refundDeposit": {
    "requestSchema": {
      "type": "object",
      "title": "RefundDepositRequest",
      "required": [
        "transaction_id",
        "address",
        "request",
        "nonce"
      ],
      "properties": {
        "transaction_id": {
          "type": "string",
          "title": "Uuid",
          "format": "uuid",
          "description": "A UUID.",
          "examples": [
            "3b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b34"
          ]
        },
        "address": {
          "type": "string",
          "description": "Destination wallet address for the refund. It must support the same network and asset as the original deposit and must not be an address belonging to the service itself; it need not equal the original deposit address."
        },
        "request": {
          "type": "string",
          "title": "RequestPath",
          "description": "The request path of the called endpoint, for example `/api/v4/main-account/balance`. It is part of the signed body.",
          "examples": [
            "/api/v4/main-account/balance"
          ]
        },
        "nonce": {
          "type": "string",
          "title": "Nonce",
          "description": "Unique identifier of the request, part of the signed body. The document does not state the validation rule (acceptance window, scope of uniqueness).",
          "examples": [
            "1700000000123"
          ]
        }
      }
    },
    "requestExamples": [
      {
        "name": "refund",
        "fields": {
          "transaction_id": "3b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b34",
          "address": "TQ5Nd2xWJbT8u9tK3vRzYpL6mC1aF4eH7s"
        }
      }
    ],
    "statuses": [
      "200",
      "400",
      "401",
      "403",
      "404",
      "429",
      "500"
    ],
    "errorKeys": []
  },
  "getMiningPayoutDestination": {
    "requestSchema": {
      "type": "object",
      "title": "MiningPayoutDestinationRequest",
      "description": "The document does not say whether `request` and `nonce` are required on this endpoint, nor whether `accountName` is, so none is marked required here.",
      "properties": {
        "accountName": {
          "type": "string",
          "description": "Name of the mining pool account."
        },
        "request": {
          "type": "string",
          "title": "RequestPath",
          "description": "The request path of the called endpoint, for example `/api/v4/main-account/balance`. It is part of the signed body.",
          "examples": [
            "/api/v4/main-account/balance"
          ]
        },
        "nonce": {
          "type": "string",
          "title": "Nonce",
          "description": "Unique identifier of the request, part of the signed body. The document does not state the validation rule (acceptance window, scope of uniqueness).",
          "examples": [
            "1700000000123"
          ]
        }
      }
    },
    "requestExamples": [
      {
        "name": "byAccount",
        "fields": {
          "accountName": "farm-east-01"
        }
      }
    ],
    "statuses": [
      "200",
      "400",
      "401",
      "403",
      "404",
      "429",
      "500",
      "4XX"
    ],
    "errorKeys": [
      "user"
    ]
  },
  "getFundingHistory": {
    "requestSchema": {
      "type": "object",
      "title": "FundingHistoryRequest",
      "description": "The document does not show the bounds of `limit` and `offset` on this endpoint.",
      "properties": {
        "market": {
          "type": "string",
          "description": "Market filter, for example of the form `<BASE>_PERP`; when omitted, records of all markets are returned."
        },
        "limit": {
          "type": "integer",
          "default": 100,
          "description": "Records to return. Bounds not shown in the document."
        },
        "offset": {
          "type": "integer",
          "default": 0,
          "description": "Records to skip. Bounds not shown in the document."
        },
        "request": {
          "type": "string",
          "title": "RequestPath",
          "description": "The request path of the called endpoint, for example `/api/v4/main-account/balance`. It is part of the signed body.",
          "examples": [
            "/api/v4/main-account/balance"
          ]
        },
        "nonce": {
          "type": "string",
          "title": "Nonce",
          "description": "Unique identifier of the request, part of the signed body. The document does not state the validation rule (acceptance window, scope of uniqueness).",
          "examples": [
            "1700000000123"
          ]
        }
      }
    },
    "requestExamples": [
      {
        "name": "allMarkets",
        "fields": {}
      },
      {
        "name": "oneMarket",
        "fields": {
          "market": "BTC_PERP",
          "limit": 10,
          "offset": 10
        }
      }
    ],
    "statuses": [
      "200",
      "400",
      "401",
      "403",
      "404",
      "429",
      "500"
    ],
    "errorKeys": []
  },
  "resetSubAccountApiKey": {
    "requestSchema": {
      "type": "object",
      "title": "SubAccountApiKeyResetRequest",
      "description": "The document does not say whether `request` and `nonce` are required on this endpoint.",
      "required": [
        "apiKeyId"
      ],
      "properties": {
        "apiKeyId": {
          "type": "string",
          "description": "Identifier of the API key to reset."
        },
        "request": {
          "type": "string",
          "title": "RequestPath",
          "description": "The request path of the called endpoint, for example `/api/v4/main-account/balance`. It is part of the signed body.",
          "examples": [
            "/api/v4/main-account/balance"
          ]
        },
        "nonce": {
          "type": "string",
          "title": "Nonce",
          "description": "Unique identifier of the request, part of the signed body. The document does not state the validation rule (acceptance window, scope of uniqueness).",
          "examples": [
            "1700000000123"
          ]
        }
      }
    },
    "requestExamples": [
      {
        "name": "reset",
        "fields": {
          "apiKeyId": "4821"
        }
      }
    ],
    "statuses": [
      "200",
      "400",
      "401",
      "403",
      "404",
      "429",
      "500"
    ],
    "errorKeys": []
  }
};
