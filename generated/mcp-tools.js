// Generated from openapi/ by scripts/mcp-tools.mjs. Do not edit: run `npm run generate`.
/** The operations of the document as MCP tools (txc-api mcp), in the document's order. */
export const mcpTools = [
  {
    "name": "ping",
    "title": "Ping",
    "description": "Ping. Tells whether the API is operational: answers a JSON array holding one element, the text `pong`. Public: needs no authentication.",
    "inputSchema": {
      "type": "object",
      "properties": {},
      "additionalProperties": false
    },
    "annotations": {
      "title": "Ping",
      "readOnlyHint": true,
      "destructiveHint": false,
      "openWorldHint": true
    }
  },
  {
    "name": "getInvestmentsHistory",
    "title": "Get investments history",
    "description": "Get investments history. The history of fixed-term lending (smart) investments, filtered and paged. Available only to accounts of business-partner services; other accounts are refused. Rate limit: 1000 requests per 10 seconds for this endpoint, within the limit of `/api/v4/main-account/*`. Responses are not cached.",
    "inputSchema": {
      "type": "object",
      "title": "InvestmentsHistoryRequest",
      "properties": {
        "id": {
          "type": "string",
          "description": "Investment identifier filter."
        },
        "ticker": {
          "type": "string",
          "title": "Ticker",
          "description": "Ticker of the plan's source currency.",
          "examples": [
            "USDT"
          ]
        },
        "status": {
          "type": "integer",
          "title": "InvestmentStatus",
          "description": "Status filter: `1` (active) or `2` (closed).",
          "enum": [
            1,
            2
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
    "outputSchema": {
      "type": "object",
      "title": "InvestmentsPage",
      "description": "One page of the fixed-term investments history.",
      "required": [
        "offset",
        "limit",
        "records"
      ],
      "properties": {
        "offset": {
          "type": "integer",
          "description": "Number of records skipped; the offset of the request, so 0 to 10000.",
          "minimum": 0,
          "maximum": 10000
        },
        "limit": {
          "type": "integer",
          "description": "Number of records requested; the limit of the request, so 1 to 100.",
          "minimum": 1,
          "maximum": 100
        },
        "records": {
          "type": "array",
          "description": "At most `limit` records, so at most 100.",
          "maxItems": 100,
          "items": {
            "type": "object",
            "title": "Investment",
            "description": "A fixed-term lending (smart) investment.",
            "required": [
              "id",
              "plan",
              "status",
              "created",
              "updated",
              "paymentTime",
              "amount",
              "interestPaid"
            ],
            "properties": {
              "id": {
                "type": "string",
                "description": "Investment identifier."
              },
              "plan": {
                "type": "object",
                "title": "FixedPlan",
                "description": "The plan the investment belongs to.",
                "required": [
                  "id",
                  "ticker",
                  "status",
                  "percent",
                  "duration",
                  "interestTicker",
                  "interestRatio",
                  "minInvestment",
                  "maxInvestment",
                  "maxPossibleInvestment"
                ],
                "properties": {
                  "id": {
                    "type": "string",
                    "description": "Plan identifier."
                  },
                  "ticker": {
                    "type": "string",
                    "title": "Ticker",
                    "description": "Ticker of the source currency.",
                    "examples": [
                      "USDT"
                    ]
                  },
                  "status": {
                    "type": "integer",
                    "title": "FixedPlanStatus",
                    "description": "State of a fixed-term lending plan:\n- `1`: active\n- `2`: no coins left\n- `3`: inactive\n- `4`: pause\n\nThe document does not show the transitions between states.",
                    "enum": [
                      1,
                      2,
                      3,
                      4
                    ]
                  },
                  "percent": {
                    "type": "string",
                    "title": "Decimal",
                    "description": "Interest percent.",
                    "pattern": "^-?[0-9]+(\\.[0-9]+)?$",
                    "examples": [
                      "0.0025",
                      "-12.5"
                    ]
                  },
                  "duration": {
                    "type": "integer",
                    "description": "Investment duration in minutes."
                  },
                  "interestTicker": {
                    "type": "string",
                    "title": "Ticker",
                    "description": "Ticker of the target (interest) currency.",
                    "examples": [
                      "USDT"
                    ]
                  },
                  "interestRatio": {
                    "type": "string",
                    "title": "Decimal",
                    "description": "Ratio of target currency to source currency.",
                    "pattern": "^-?[0-9]+(\\.[0-9]+)?$",
                    "examples": [
                      "0.0025",
                      "-12.5"
                    ]
                  },
                  "minInvestment": {
                    "type": "string",
                    "title": "Decimal",
                    "description": "Minimum investment amount.",
                    "pattern": "^-?[0-9]+(\\.[0-9]+)?$",
                    "examples": [
                      "0.0025",
                      "-12.5"
                    ]
                  },
                  "maxInvestment": {
                    "type": "string",
                    "title": "Decimal",
                    "description": "Maximum investment amount.",
                    "pattern": "^-?[0-9]+(\\.[0-9]+)?$",
                    "examples": [
                      "0.0025",
                      "-12.5"
                    ]
                  },
                  "maxPossibleInvestment": {
                    "type": "string",
                    "title": "Decimal",
                    "description": "Maximum investment amount allowed by the current state of the plan.",
                    "pattern": "^-?[0-9]+(\\.[0-9]+)?$",
                    "examples": [
                      "0.0025",
                      "-12.5"
                    ]
                  }
                }
              },
              "status": {
                "type": "integer",
                "title": "InvestmentStatus",
                "description": "State of a fixed-term investment:\n- `1`: active\n- `2`: closed\n\nThe document does not show the transitions between states.",
                "enum": [
                  1,
                  2
                ]
              },
              "created": {
                "type": "integer",
                "title": "UnixTime",
                "description": "Unix time of creation, in seconds.",
                "examples": [
                  1700000000
                ]
              },
              "updated": {
                "type": "integer",
                "title": "UnixTime",
                "description": "Unix time of the last update, in seconds.",
                "examples": [
                  1700000000
                ]
              },
              "paymentTime": {
                "type": "integer",
                "title": "UnixTime",
                "description": "Unix time of the payment, in seconds.",
                "examples": [
                  1700000000
                ]
              },
              "amount": {
                "type": "string",
                "title": "Decimal",
                "description": "Invested amount.",
                "pattern": "^-?[0-9]+(\\.[0-9]+)?$",
                "examples": [
                  "0.0025",
                  "-12.5"
                ]
              },
              "interestPaid": {
                "type": "string",
                "title": "Decimal",
                "description": "Interest paid so far.",
                "pattern": "^-?[0-9]+(\\.[0-9]+)?$",
                "examples": [
                  "0.0025",
                  "-12.5"
                ]
              }
            }
          }
        }
      }
    },
    "annotations": {
      "title": "Get investments history",
      "readOnlyHint": true,
      "destructiveHint": false,
      "openWorldHint": true
    }
  },
  {
    "name": "getInterestPaymentsHistory",
    "title": "Get interest payments history",
    "description": "Get interest payments history. The history of interest payments on fixed-term lending investments, filtered and paged. Available only to accounts of business-partner services; other accounts are refused. Rate limit: that of `/api/v4/main-account/*`; the document shows no limit of this endpoint of its own. Responses are not cached.",
    "inputSchema": {
      "type": "object",
      "title": "InterestPaymentsHistoryRequest",
      "properties": {
        "planId": {
          "type": "string",
          "description": "Plan identifier filter."
        },
        "ticker": {
          "type": "string",
          "title": "Ticker",
          "description": "Ticker of the plan's target currency.",
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
    "outputSchema": {
      "type": "object",
      "title": "InterestPaymentsPage",
      "description": "One page of the interest payments history.",
      "required": [
        "offset",
        "limit",
        "records"
      ],
      "properties": {
        "offset": {
          "type": "integer",
          "description": "Number of records skipped; the offset of the request, so 0 to 10000.",
          "minimum": 0,
          "maximum": 10000
        },
        "limit": {
          "type": "integer",
          "description": "Number of records requested; the limit of the request, so 1 to 100.",
          "minimum": 1,
          "maximum": 100
        },
        "records": {
          "type": "array",
          "description": "At most `limit` records, so at most 100.",
          "maxItems": 100,
          "items": {
            "type": "object",
            "title": "InterestPayment",
            "description": "A record of an interest payment on a fixed-term investment.",
            "required": [
              "planId",
              "investmentId",
              "amount",
              "ticker",
              "timestamp"
            ],
            "properties": {
              "planId": {
                "type": "string",
                "description": "Plan identifier."
              },
              "investmentId": {
                "type": "string",
                "description": "Investment identifier."
              },
              "amount": {
                "type": "string",
                "title": "Decimal",
                "description": "Interest amount paid.",
                "pattern": "^-?[0-9]+(\\.[0-9]+)?$",
                "examples": [
                  "0.0025",
                  "-12.5"
                ]
              },
              "ticker": {
                "type": "string",
                "title": "Ticker",
                "description": "Ticker of the paid currency.",
                "examples": [
                  "USDT"
                ]
              },
              "timestamp": {
                "type": "integer",
                "title": "UnixTime",
                "description": "Unix time of the payment, in seconds.",
                "examples": [
                  1700000000
                ]
              }
            }
          }
        }
      }
    },
    "annotations": {
      "title": "Get interest payments history",
      "readOnlyHint": true,
      "destructiveHint": false,
      "openWorldHint": true
    }
  },
  {
    "name": "updateFlexAutoReinvestment",
    "title": "Update flex auto-reinvestment",
    "description": "Update flex auto-reinvestment. Switches automatic reinvestment on or off for a flexible lending plan: the plan's setting (a boolean, `false` by default) becomes the value sent. Changes state. Rate limit: that of `/api/v4/main-account/*`. Responses are not cached. The document does not show the fields of a flexible lending plan or investment, nor the error responses of this endpoint.",
    "inputSchema": {
      "type": "object",
      "title": "FlexAutoInvestRequest",
      "required": [
        "plan"
      ],
      "properties": {
        "plan": {
          "type": "string",
          "title": "Uuid",
          "format": "uuid",
          "description": "External identifier of the flexible lending plan.",
          "examples": [
            "3b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b34"
          ]
        },
        "enabled": {
          "type": "boolean",
          "default": false,
          "description": "`true` enables and `false` disables automatic reinvestment."
        },
        "dryRun": {
          "type": "boolean",
          "description": "true: validate the arguments and show the request as it would be signed (the signature redacted); nothing is sent. Default false."
        }
      }
    },
    "outputSchema": {
      "type": "object",
      "description": "The API's answer, or with dryRun the request as it would be sent.",
      "anyOf": [
        {
          "type": "object",
          "title": "FlexAutoInvestResult",
          "description": "The result of changing the auto-reinvestment setting of a flexible lending plan.",
          "required": [
            "data"
          ],
          "properties": {
            "data": {
              "type": "array",
              "description": "Empty in the successful case. The document does not show the type of its elements.",
              "items": {}
            }
          }
        },
        {
          "type": "object",
          "title": "DryRun",
          "description": "The request as it would be signed and sent, the signature redacted. Nothing was sent.",
          "required": [
            "dryRun",
            "method",
            "url",
            "headers",
            "body"
          ],
          "properties": {
            "dryRun": {
              "const": true
            },
            "method": {
              "type": "string"
            },
            "url": {
              "type": "string"
            },
            "headers": {
              "type": "object",
              "additionalProperties": {
                "type": "string"
              },
              "description": "The signing headers: the key and the payload as sent, the signature redacted."
            },
            "body": {
              "type": "string",
              "description": "The exact body text that would be signed and sent (request and nonce set)."
            }
          }
        }
      ]
    },
    "annotations": {
      "title": "Update flex auto-reinvestment",
      "readOnlyHint": false,
      "destructiveHint": true,
      "openWorldHint": true
    }
  },
  {
    "name": "getMainBalance",
    "title": "Get main balance",
    "description": "Get main balance. The main account balance, keyed by currency ticker, optionally restricted to one ticker. Assets with a zero balance may be omitted from a full listing. Rate limit: that of `/api/v4/main-account/*`. Responses are not cached.",
    "inputSchema": {
      "type": "object",
      "title": "MainBalanceRequest",
      "properties": {
        "ticker": {
          "type": "string",
          "title": "Ticker",
          "description": "Currency ticker to restrict the result to.",
          "examples": [
            "USDT"
          ]
        }
      }
    },
    "outputSchema": {
      "type": "object",
      "title": "MainBalance",
      "description": "Main account balances keyed by currency ticker. Assets that have a zero balance may be omitted from a full listing.",
      "additionalProperties": {
        "type": "object",
        "title": "BalanceEntry",
        "description": "The main balance of one currency.",
        "required": [
          "main_balance"
        ],
        "properties": {
          "main_balance": {
            "type": "string",
            "title": "Decimal",
            "description": "Main balance.",
            "pattern": "^-?[0-9]+(\\.[0-9]+)?$",
            "examples": [
              "0.0025",
              "-12.5"
            ]
          }
        }
      },
      "propertyNames": {
        "type": "string",
        "title": "Ticker",
        "description": "Currency ticker, such as USDT or BTC.",
        "examples": [
          "USDT"
        ]
      }
    },
    "annotations": {
      "title": "Get main balance",
      "readOnlyHint": true,
      "destructiveHint": false,
      "openWorldHint": true
    }
  },
  {
    "name": "applyCode",
    "title": "Apply code",
    "description": "Apply code. Redeems a prepaid value code into the account. Changes state. Rate limit: that of `/api/v4/main-account/*`. Responses are not cached. The document does not say which of `code` and `passphrase` are required, and does not show the error responses of this endpoint; the errors listed are those of the general status table.\n\nA redeemed code is spent: the endpoint redeems a prepaid value code, so a code succeeds once, whoever sends it, and applying it again is refused (`x-once-per: [code]`). Which status refuses it is not shown; the package's server kit and sandbox answer 400 keyed by `code`.",
    "inputSchema": {
      "type": "object",
      "title": "ApplyCodeRequest",
      "description": "The document does not say which of `code` and `passphrase` are required, so neither is marked required here.",
      "properties": {
        "code": {
          "type": "string",
          "description": "The code to redeem. Whether it is required is not shown in the document."
        },
        "passphrase": {
          "type": "string",
          "description": "Passphrase used with the code. Whether it is required is not shown in the document."
        },
        "dryRun": {
          "type": "boolean",
          "description": "true: validate the arguments and show the request as it would be signed (the signature redacted); nothing is sent. Default false."
        }
      }
    },
    "outputSchema": {
      "type": "object",
      "description": "The API's answer, or with dryRun the request as it would be sent.",
      "anyOf": [
        {
          "type": "object",
          "title": "CodeApplicationResult",
          "description": "The result of redeeming a value code.",
          "required": [
            "message",
            "ticker",
            "amount",
            "external_id"
          ],
          "properties": {
            "message": {
              "type": "string",
              "description": "Result text."
            },
            "ticker": {
              "type": "string",
              "title": "Ticker",
              "description": "Ticker of the credited currency.",
              "examples": [
                "USDT"
              ]
            },
            "amount": {
              "type": "string",
              "title": "Decimal",
              "description": "Credited amount.",
              "pattern": "^-?[0-9]+(\\.[0-9]+)?$",
              "examples": [
                "0.0025",
                "-12.5"
              ]
            },
            "external_id": {
              "type": "string",
              "title": "Uuid",
              "format": "uuid",
              "description": "Identifier of the operation.",
              "examples": [
                "3b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b34"
              ]
            }
          }
        },
        {
          "type": "object",
          "title": "DryRun",
          "description": "The request as it would be signed and sent, the signature redacted. Nothing was sent.",
          "required": [
            "dryRun",
            "method",
            "url",
            "headers",
            "body"
          ],
          "properties": {
            "dryRun": {
              "const": true
            },
            "method": {
              "type": "string"
            },
            "url": {
              "type": "string"
            },
            "headers": {
              "type": "object",
              "additionalProperties": {
                "type": "string"
              },
              "description": "The signing headers: the key and the payload as sent, the signature redacted."
            },
            "body": {
              "type": "string",
              "description": "The exact body text that would be signed and sent (request and nonce set)."
            }
          }
        }
      ]
    },
    "annotations": {
      "title": "Apply code",
      "readOnlyHint": false,
      "destructiveHint": true,
      "openWorldHint": true
    }
  },
  {
    "name": "refundDeposit",
    "title": "Refund a deposit",
    "description": "Refund a deposit. Requests the refund of a cancelled deposit to an external address. `transaction_id` is the deposit's transaction identifier, taken from the `deposit.canceled` event (field `uniqueId`) or from the deposit history of the account. `address` must support the same network and asset as the original deposit, must not be an address belonging to the service itself, and need not equal the original deposit address. A monotonically increasing nonce, such as Unix time in milliseconds, is advised. Changes state. Rate limit: that of `/api/v4/main-account/*`. Responses are not cached.",
    "inputSchema": {
      "type": "object",
      "title": "RefundDepositRequest",
      "required": [
        "transaction_id",
        "address"
      ],
      "properties": {
        "transaction_id": {
          "type": "string",
          "title": "Uuid",
          "format": "uuid",
          "description": "Transaction identifier of the deposit: the field `uniqueId` of the `deposit.canceled` event, or the identifier from the deposit history of the account.",
          "examples": [
            "3b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b34"
          ]
        },
        "address": {
          "type": "string",
          "description": "Destination wallet address for the refund. It must support the same network and asset as the original deposit and must not be an address belonging to the service itself; it need not equal the original deposit address."
        },
        "dryRun": {
          "type": "boolean",
          "description": "true: validate the arguments and show the request as it would be signed (the signature redacted); nothing is sent. Default false."
        }
      }
    },
    "outputSchema": {
      "type": "object",
      "description": "The API's answer, or with dryRun the request as it would be sent.",
      "anyOf": [
        {
          "type": "object",
          "title": "RefundResult",
          "description": "The accepted refund request.",
          "required": [
            "id"
          ],
          "properties": {
            "id": {
              "type": "string",
              "title": "Uuid",
              "format": "uuid",
              "description": "The deposit transaction identifier of the request (`transaction_id`), echoed.",
              "examples": [
                "3b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b34"
              ]
            }
          }
        },
        {
          "type": "object",
          "title": "DryRun",
          "description": "The request as it would be signed and sent, the signature redacted. Nothing was sent.",
          "required": [
            "dryRun",
            "method",
            "url",
            "headers",
            "body"
          ],
          "properties": {
            "dryRun": {
              "const": true
            },
            "method": {
              "type": "string"
            },
            "url": {
              "type": "string"
            },
            "headers": {
              "type": "object",
              "additionalProperties": {
                "type": "string"
              },
              "description": "The signing headers: the key and the payload as sent, the signature redacted."
            },
            "body": {
              "type": "string",
              "description": "The exact body text that would be signed and sent (request and nonce set)."
            }
          }
        }
      ]
    },
    "annotations": {
      "title": "Refund a deposit",
      "readOnlyHint": false,
      "destructiveHint": true,
      "openWorldHint": true
    }
  },
  {
    "name": "getMiningPayoutDestination",
    "title": "Get mining payout destination",
    "description": "Get mining payout destination. Where the rewards of a mining pool account are paid. When the mining account does not exist, the answer is a validation error keyed `user`; the document does not give its HTTP status. The document does not say whether `request` and `nonce` are required here, and does not show the rate limits of `/api/v4/mining/*`. Responses are not cached.",
    "inputSchema": {
      "type": "object",
      "title": "MiningPayoutDestinationRequest",
      "description": "The document does not say whether `request` and `nonce` are required on this endpoint, nor whether `accountName` is, so none is marked required here.",
      "properties": {
        "accountName": {
          "type": "string",
          "description": "Name of the mining pool account."
        }
      }
    },
    "outputSchema": {
      "type": "object",
      "title": "MiningPayoutDestination",
      "description": "Where the rewards of a mining pool account are paid.",
      "required": [
        "payoutDestination",
        "externalAddress"
      ],
      "properties": {
        "payoutDestination": {
          "type": "string",
          "description": "Where mining rewards are paid. The value `main_balance` is seen for payout to the main balance. The document does not show the full set of values.",
          "examples": [
            "main_balance"
          ]
        },
        "externalAddress": {
          "type": [
            "string",
            "null"
          ],
          "description": "External address; `null` when the destination is the main balance."
        }
      }
    },
    "annotations": {
      "title": "Get mining payout destination",
      "readOnlyHint": true,
      "destructiveHint": false,
      "openWorldHint": true
    }
  },
  {
    "name": "getFundingHistory",
    "title": "Funding history",
    "description": "Funding history. The funding history of perpetual collateral markets, optionally for one market, paged. The document does not show the bounds of `limit` and `offset` here, and does not show the rate limits of `/api/v4/collateral-account/*`. Responses are not cached.",
    "inputSchema": {
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
        }
      }
    },
    "outputSchema": {
      "type": "object",
      "title": "FundingHistoryPage",
      "description": "One page of the funding history.",
      "required": [
        "records",
        "limit",
        "offset"
      ],
      "properties": {
        "records": {
          "type": "array",
          "items": {
            "type": "object",
            "title": "FundingRecord",
            "description": "A funding settlement on a perpetual collateral market. Every field is a string.",
            "required": [
              "market",
              "fundingTime",
              "fundingRate",
              "fundingAmount",
              "positionAmount",
              "settlementPrice",
              "rateCalculatedTime"
            ],
            "properties": {
              "market": {
                "type": "string",
                "description": "Market name, for example of the form `<BASE>_PERP`."
              },
              "fundingTime": {
                "type": "string",
                "title": "NumericString",
                "description": "Unix time of the funding settlement, as a numeric string.",
                "pattern": "^-?[0-9]+(\\.[0-9]+)?$",
                "examples": [
                  "1700006400"
                ]
              },
              "fundingRate": {
                "type": "string",
                "title": "Decimal",
                "description": "Funding rate; may be negative.",
                "pattern": "^-?[0-9]+(\\.[0-9]+)?$",
                "examples": [
                  "0.0025",
                  "-12.5"
                ]
              },
              "fundingAmount": {
                "type": "string",
                "title": "Decimal",
                "description": "Funding amount charged or received; may be negative.",
                "pattern": "^-?[0-9]+(\\.[0-9]+)?$",
                "examples": [
                  "0.0025",
                  "-12.5"
                ]
              },
              "positionAmount": {
                "type": "string",
                "title": "Decimal",
                "description": "Position size at settlement; negative for a short position.",
                "pattern": "^-?[0-9]+(\\.[0-9]+)?$",
                "examples": [
                  "0.0025",
                  "-12.5"
                ]
              },
              "settlementPrice": {
                "type": "string",
                "title": "Decimal",
                "description": "Settlement price.",
                "pattern": "^-?[0-9]+(\\.[0-9]+)?$",
                "examples": [
                  "0.0025",
                  "-12.5"
                ]
              },
              "rateCalculatedTime": {
                "type": "string",
                "title": "NumericString",
                "description": "Unix time at which the rate was calculated, as a numeric string.",
                "pattern": "^-?[0-9]+(\\.[0-9]+)?$",
                "examples": [
                  "1700006400"
                ]
              }
            }
          }
        },
        "limit": {
          "type": "integer",
          "description": "Records per page."
        },
        "offset": {
          "type": "integer",
          "description": "Records skipped."
        }
      }
    },
    "annotations": {
      "title": "Funding history",
      "readOnlyHint": true,
      "destructiveHint": false,
      "openWorldHint": true
    }
  },
  {
    "name": "resetSubAccountApiKey",
    "title": "Reset sub-account API key",
    "description": "Reset sub-account API key. Resets the API key of a sub-account. Changes state. The document does not say whether `request` and `nonce` are required here, whether any new key material is returned, or the rate limits of `/api/v4/sub-account/*`. Responses are not cached.",
    "inputSchema": {
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
        "dryRun": {
          "type": "boolean",
          "description": "true: validate the arguments and show the request as it would be signed (the signature redacted); nothing is sent. Default false."
        }
      }
    },
    "outputSchema": {
      "type": "object",
      "description": "The API's answer, or with dryRun the request as it would be sent.",
      "anyOf": [
        {
          "type": "object",
          "title": "SubAccountApiKeyResetResult",
          "additionalProperties": true,
          "description": "The document shows an empty JSON object. It does not say whether any new key material is returned, so further fields are not excluded."
        },
        {
          "type": "object",
          "title": "DryRun",
          "description": "The request as it would be signed and sent, the signature redacted. Nothing was sent.",
          "required": [
            "dryRun",
            "method",
            "url",
            "headers",
            "body"
          ],
          "properties": {
            "dryRun": {
              "const": true
            },
            "method": {
              "type": "string"
            },
            "url": {
              "type": "string"
            },
            "headers": {
              "type": "object",
              "additionalProperties": {
                "type": "string"
              },
              "description": "The signing headers: the key and the payload as sent, the signature redacted."
            },
            "body": {
              "type": "string",
              "description": "The exact body text that would be signed and sent (request and nonce set)."
            }
          }
        }
      ]
    },
    "annotations": {
      "title": "Reset sub-account API key",
      "readOnlyHint": false,
      "destructiveHint": true,
      "openWorldHint": true
    }
  }
];

/** The argument of a state-changing tool that asks for a dry run. */
export const DRY_RUN_ARGUMENT = "dryRun";

/** The answer's fields the document describes, by operation (null: all of them); others are withheld from agents. */
export const describedAnswerFields = {
  "ping": null,
  "getInvestmentsHistory": [
    "offset",
    "limit",
    "records"
  ],
  "getInterestPaymentsHistory": [
    "offset",
    "limit",
    "records"
  ],
  "updateFlexAutoReinvestment": [
    "data"
  ],
  "getMainBalance": null,
  "applyCode": [
    "message",
    "ticker",
    "amount",
    "external_id"
  ],
  "refundDeposit": [
    "id"
  ],
  "getMiningPayoutDestination": [
    "payoutDestination",
    "externalAddress"
  ],
  "getFundingHistory": [
    "records",
    "limit",
    "offset"
  ],
  "resetSubAccountApiKey": []
};
