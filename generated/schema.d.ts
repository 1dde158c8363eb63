// Generated from openapi/ by scripts/types.mjs. Do not edit: run `npm run generate`.
export interface paths {
    "/api/v4/public/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ping
         * @description Tells whether the API is operational: answers a JSON array holding one element, the text `pong`. Public: needs no authentication.
         */
        get: operations["ping"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/main-account/smart/investments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get investments history
         * @description The history of fixed-term lending (smart) investments, filtered and paged. Available only to accounts of business-partner services; other accounts are refused. Rate limit: 1000 requests per 10 seconds for this endpoint, within the limit of `/api/v4/main-account/*`. Responses are not cached.
         */
        post: operations["getInvestmentsHistory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/main-account/smart/interest-payment-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get interest payments history
         * @description The history of interest payments on fixed-term lending investments, filtered and paged. Available only to accounts of business-partner services; other accounts are refused. Rate limit: that of `/api/v4/main-account/*`; the document shows no limit of this endpoint of its own. Responses are not cached.
         */
        post: operations["getInterestPaymentsHistory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/main-account/smart-flex/investments/auto-invest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Update flex auto-reinvestment
         * @description Switches automatic reinvestment on or off for a flexible lending plan: the plan's setting (a boolean, `false` by default) becomes the value sent. Changes state. Rate limit: that of `/api/v4/main-account/*`. Responses are not cached. The document does not show the fields of a flexible lending plan or investment, nor the error responses of this endpoint.
         */
        post: operations["updateFlexAutoReinvestment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/main-account/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get main balance
         * @description The main account balance, keyed by currency ticker, optionally restricted to one ticker. Assets with a zero balance may be omitted from a full listing. Rate limit: that of `/api/v4/main-account/*`. Responses are not cached.
         */
        post: operations["getMainBalance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/main-account/codes/apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply code
         * @description Redeems a prepaid value code into the account. Changes state. Rate limit: that of `/api/v4/main-account/*`. Responses are not cached. The document does not say which of `code` and `passphrase` are required, and does not show the error responses of this endpoint; the errors listed are those of the general status table.
         *
         *     A redeemed code is spent: the endpoint redeems a prepaid value code, so a code succeeds once, whoever sends it, and applying it again is refused (`x-once-per: [code]`). Which status refuses it is not shown; the package's server kit and sandbox answer 400 keyed by `code`.
         */
        post: operations["applyCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/main-account/refund-deposit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund a deposit
         * @description Requests the refund of a cancelled deposit to an external address. `transaction_id` is the deposit's transaction identifier, taken from the `deposit.canceled` event (field `uniqueId`) or from the deposit history of the account. `address` must support the same network and asset as the original deposit, must not be an address belonging to the service itself, and need not equal the original deposit address. A monotonically increasing nonce, such as Unix time in milliseconds, is advised. Changes state. Rate limit: that of `/api/v4/main-account/*`. Responses are not cached.
         */
        post: operations["refundDeposit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/mining/payout-destination": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get mining payout destination
         * @description Where the rewards of a mining pool account are paid. When the mining account does not exist, the answer is a validation error keyed `user`; the document does not give its HTTP status. The document does not say whether `request` and `nonce` are required here, and does not show the rate limits of `/api/v4/mining/*`. Responses are not cached.
         */
        post: operations["getMiningPayoutDestination"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/collateral-account/funding-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Funding history
         * @description The funding history of perpetual collateral markets, optionally for one market, paged. The document does not show the bounds of `limit` and `offset` here, and does not show the rate limits of `/api/v4/collateral-account/*`. Responses are not cached.
         */
        post: operations["getFundingHistory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v4/sub-account/api-key/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset sub-account API key
         * @description Resets the API key of a sub-account. Changes state. The document does not say whether `request` and `nonce` are required here, whether any new key material is returned, or the rate limits of `/api/v4/sub-account/*`. Responses are not cached.
         */
        post: operations["resetSubAccountApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "deposit.canceled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deposit cancelled
         * @description Delivered as a webhook when a deposit is cancelled. Its field `uniqueId` is the deposit transaction identifier accepted as `transaction_id` by `refundDeposit`. The document does not show how webhooks are delivered (signing, retries, expected answer), nor the payload's other fields, nor other kinds of event.
         */
        post: operations["depositCanceled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * Pong
         * @description A JSON array holding one element, the text `pong`.
         */
        Pong: "pong"[];
        /**
         * PublicError
         * @description The error object of public endpoints.
         */
        PublicError: {
            /**
             * @description Always `false`.
             * @constant
             */
            success: false;
            /** @description Error text. */
            message: string;
            /** @description Parameters of the error. The document does not show the type of the elements. */
            params: unknown[];
        };
        /**
         * RequestPath
         * @description The request path of the called endpoint, for example `/api/v4/main-account/balance`. It is part of the signed body.
         * @example /api/v4/main-account/balance
         */
        RequestPath: string;
        /**
         * Nonce
         * @description Unique identifier of the request, part of the signed body. The document does not state the validation rule (acceptance window, scope of uniqueness).
         * @example 1700000000123
         */
        Nonce: string;
        /**
         * Ticker
         * @description Currency ticker, such as USDT or BTC.
         * @example USDT
         */
        Ticker: string;
        /**
         * InvestmentStatus
         * @description State of a fixed-term investment:
         *     - `1`: active
         *     - `2`: closed
         *
         *     The document does not show the transitions between states.
         * @enum {integer}
         */
        InvestmentStatus: 1 | 2;
        /**
         * PageLimit
         * @description Number of records to return, 1 to 100.
         * @default 100
         */
        PageLimit: number;
        /**
         * PageOffset
         * @description Number of records to skip, 0 to 10000.
         * @default 0
         */
        PageOffset: number;
        /** InvestmentsHistoryRequest */
        InvestmentsHistoryRequest: {
            request: components["schemas"]["RequestPath"];
            nonce: components["schemas"]["Nonce"];
            /** @description Investment identifier filter. */
            id?: string;
            /** @description Ticker of the plan's source currency. */
            ticker?: components["schemas"]["Ticker"];
            /** @description Status filter: `1` (active) or `2` (closed). */
            status?: components["schemas"]["InvestmentStatus"];
            limit?: components["schemas"]["PageLimit"];
            offset?: components["schemas"]["PageOffset"];
        };
        /**
         * FixedPlanStatus
         * @description State of a fixed-term lending plan:
         *     - `1`: active
         *     - `2`: no coins left
         *     - `3`: inactive
         *     - `4`: pause
         *
         *     The document does not show the transitions between states.
         * @enum {integer}
         */
        FixedPlanStatus: 1 | 2 | 3 | 4;
        /**
         * Decimal
         * @description A decimal number carried as a JSON string, so that no precision is lost to binary floating point. Amounts, prices, rates and ratios use it. A leading minus sign is allowed: funding rates, funding amounts and position sizes may be negative.
         * @example 0.0025
         * @example -12.5
         */
        Decimal: string;
        /**
         * FixedPlan
         * @description A fixed-term lending plan.
         */
        FixedPlan: {
            /** @description Plan identifier. */
            id: string;
            /** @description Ticker of the source currency. */
            ticker: components["schemas"]["Ticker"];
            status: components["schemas"]["FixedPlanStatus"];
            /** @description Interest percent. */
            percent: components["schemas"]["Decimal"];
            /** @description Investment duration in minutes. */
            duration: number;
            /** @description Ticker of the target (interest) currency. */
            interestTicker: components["schemas"]["Ticker"];
            /** @description Ratio of target currency to source currency. */
            interestRatio: components["schemas"]["Decimal"];
            /** @description Minimum investment amount. */
            minInvestment: components["schemas"]["Decimal"];
            /** @description Maximum investment amount. */
            maxInvestment: components["schemas"]["Decimal"];
            /** @description Maximum investment amount allowed by the current state of the plan. */
            maxPossibleInvestment: components["schemas"]["Decimal"];
        };
        /**
         * UnixTime
         * @description Unix time in whole seconds.
         * @example 1700000000
         */
        UnixTime: number;
        /**
         * Investment
         * @description A fixed-term lending (smart) investment.
         */
        Investment: {
            /** @description Investment identifier. */
            id: string;
            /** @description The plan the investment belongs to. */
            plan: components["schemas"]["FixedPlan"];
            status: components["schemas"]["InvestmentStatus"];
            /** @description Unix time of creation, in seconds. */
            created: components["schemas"]["UnixTime"];
            /** @description Unix time of the last update, in seconds. */
            updated: components["schemas"]["UnixTime"];
            /** @description Unix time of the payment, in seconds. */
            paymentTime: components["schemas"]["UnixTime"];
            /** @description Invested amount. */
            amount: components["schemas"]["Decimal"];
            /** @description Interest paid so far. */
            interestPaid: components["schemas"]["Decimal"];
        };
        /**
         * InvestmentsPage
         * @description One page of the fixed-term investments history.
         */
        InvestmentsPage: {
            /** @description Number of records skipped; the offset of the request, so 0 to 10000. */
            offset: number;
            /** @description Number of records requested; the limit of the request, so 1 to 100. */
            limit: number;
            /** @description At most `limit` records, so at most 100. */
            records: components["schemas"]["Investment"][];
        };
        /**
         * PrivateError
         * @description The error object of private endpoints. The document shows numeric code 0 with the message `Validation failed` for validation errors; other numeric codes and the full message catalogue are not shown.
         */
        PrivateError: {
            /** @description Error code; 0 in the validation cases shown. */
            code: number;
            /** @description Error text; `Validation failed` in the cases shown. */
            message: string;
            /** @description Keys are parameter names (or `user` for the account check); each value is an array of message strings. */
            errors: {
                [key: string]: string[];
            };
        };
        /** InterestPaymentsHistoryRequest */
        InterestPaymentsHistoryRequest: {
            request: components["schemas"]["RequestPath"];
            nonce: components["schemas"]["Nonce"];
            /** @description Plan identifier filter. */
            planId?: string;
            /** @description Ticker of the plan's target currency. */
            ticker?: components["schemas"]["Ticker"];
            limit?: components["schemas"]["PageLimit"];
            offset?: components["schemas"]["PageOffset"];
        };
        /**
         * InterestPayment
         * @description A record of an interest payment on a fixed-term investment.
         */
        InterestPayment: {
            /** @description Plan identifier. */
            planId: string;
            /** @description Investment identifier. */
            investmentId: string;
            /** @description Interest amount paid. */
            amount: components["schemas"]["Decimal"];
            /** @description Ticker of the paid currency. */
            ticker: components["schemas"]["Ticker"];
            /** @description Unix time of the payment, in seconds. */
            timestamp: components["schemas"]["UnixTime"];
        };
        /**
         * InterestPaymentsPage
         * @description One page of the interest payments history.
         */
        InterestPaymentsPage: {
            /** @description Number of records skipped; the offset of the request, so 0 to 10000. */
            offset: number;
            /** @description Number of records requested; the limit of the request, so 1 to 100. */
            limit: number;
            /** @description At most `limit` records, so at most 100. */
            records: components["schemas"]["InterestPayment"][];
        };
        /**
         * Uuid
         * Format: uuid
         * @description A UUID.
         * @example 3b7a4c9e-1f2d-4e8a-9c6b-5d0f2a1e7b34
         */
        Uuid: string;
        /** FlexAutoInvestRequest */
        FlexAutoInvestRequest: {
            request: components["schemas"]["RequestPath"];
            nonce: components["schemas"]["Nonce"];
            /** @description External identifier of the flexible lending plan. */
            plan: components["schemas"]["Uuid"];
            /**
             * @description `true` enables and `false` disables automatic reinvestment.
             * @default false
             */
            enabled?: boolean;
        };
        /**
         * FlexAutoInvestResult
         * @description The result of changing the auto-reinvestment setting of a flexible lending plan.
         */
        FlexAutoInvestResult: {
            /** @description Empty in the successful case. The document does not show the type of its elements. */
            data: unknown[];
        };
        /** MainBalanceRequest */
        MainBalanceRequest: {
            request: components["schemas"]["RequestPath"];
            nonce: components["schemas"]["Nonce"];
            /** @description Currency ticker to restrict the result to. */
            ticker?: components["schemas"]["Ticker"];
        };
        /**
         * BalanceEntry
         * @description The main balance of one currency.
         */
        BalanceEntry: {
            /** @description Main balance. */
            main_balance: components["schemas"]["Decimal"];
        };
        /**
         * MainBalance
         * @description Main account balances keyed by currency ticker. Assets that have a zero balance may be omitted from a full listing.
         */
        MainBalance: {
            [key: string]: components["schemas"]["BalanceEntry"];
        };
        /**
         * ApplyCodeRequest
         * @description The document does not say which of `code` and `passphrase` are required, so neither is marked required here.
         */
        ApplyCodeRequest: {
            request: components["schemas"]["RequestPath"];
            nonce: components["schemas"]["Nonce"];
            /** @description The code to redeem. Whether it is required is not shown in the document. */
            code?: string;
            /** @description Passphrase used with the code. Whether it is required is not shown in the document. */
            passphrase?: string;
        };
        /**
         * CodeApplicationResult
         * @description The result of redeeming a value code.
         */
        CodeApplicationResult: {
            /** @description Result text. */
            message: string;
            /** @description Ticker of the credited currency. */
            ticker: components["schemas"]["Ticker"];
            /** @description Credited amount. */
            amount: components["schemas"]["Decimal"];
            /** @description Identifier of the operation. */
            external_id: components["schemas"]["Uuid"];
        };
        /** RefundDepositRequest */
        RefundDepositRequest: {
            /** @description Transaction identifier of the deposit: the field `uniqueId` of the `deposit.canceled` event, or the identifier from the deposit history of the account. */
            transaction_id: components["schemas"]["Uuid"];
            /** @description Destination wallet address for the refund. It must support the same network and asset as the original deposit and must not be an address belonging to the service itself; it need not equal the original deposit address. */
            address: string;
            request: components["schemas"]["RequestPath"];
            /** @description Unique per request; a monotonically increasing value such as Unix time in milliseconds is advised. */
            nonce: components["schemas"]["Nonce"];
        };
        /**
         * RefundResult
         * @description The accepted refund request.
         */
        RefundResult: {
            /** @description The deposit transaction identifier of the request (`transaction_id`), echoed. */
            id: components["schemas"]["Uuid"];
        };
        /**
         * MiningPayoutDestinationRequest
         * @description The document does not say whether `request` and `nonce` are required on this endpoint, nor whether `accountName` is, so none is marked required here.
         */
        MiningPayoutDestinationRequest: {
            /** @description Name of the mining pool account. */
            accountName?: string;
            request?: components["schemas"]["RequestPath"];
            nonce?: components["schemas"]["Nonce"];
        };
        /**
         * MiningPayoutDestination
         * @description Where the rewards of a mining pool account are paid.
         */
        MiningPayoutDestination: {
            /**
             * @description Where mining rewards are paid. The value `main_balance` is seen for payout to the main balance. The document does not show the full set of values.
             * @example main_balance
             */
            payoutDestination: string;
            /** @description External address; `null` when the destination is the main balance. */
            externalAddress: string | null;
        };
        /**
         * FundingHistoryRequest
         * @description The document does not show the bounds of `limit` and `offset` on this endpoint.
         */
        FundingHistoryRequest: {
            /** @description Market filter, for example of the form `<BASE>_PERP`; when omitted, records of all markets are returned. */
            market?: string;
            /**
             * @description Records to return. Bounds not shown in the document.
             * @default 100
             */
            limit?: number;
            /**
             * @description Records to skip. Bounds not shown in the document.
             * @default 0
             */
            offset?: number;
            request?: components["schemas"]["RequestPath"];
            nonce?: components["schemas"]["Nonce"];
        };
        /**
         * NumericString
         * @description Unix time in seconds carried as a numeric string. Only the funding history uses this form; every other record carries times as integers.
         * @example 1700006400
         */
        NumericString: string;
        /**
         * FundingRecord
         * @description A funding settlement on a perpetual collateral market. Every field is a string.
         */
        FundingRecord: {
            /** @description Market name, for example of the form `<BASE>_PERP`. */
            market: string;
            /** @description Unix time of the funding settlement, as a numeric string. */
            fundingTime: components["schemas"]["NumericString"];
            /** @description Funding rate; may be negative. */
            fundingRate: components["schemas"]["Decimal"];
            /** @description Funding amount charged or received; may be negative. */
            fundingAmount: components["schemas"]["Decimal"];
            /** @description Position size at settlement; negative for a short position. */
            positionAmount: components["schemas"]["Decimal"];
            /** @description Settlement price. */
            settlementPrice: components["schemas"]["Decimal"];
            /** @description Unix time at which the rate was calculated, as a numeric string. */
            rateCalculatedTime: components["schemas"]["NumericString"];
        };
        /**
         * FundingHistoryPage
         * @description One page of the funding history.
         */
        FundingHistoryPage: {
            records: components["schemas"]["FundingRecord"][];
            /** @description Records per page. */
            limit: number;
            /** @description Records skipped. */
            offset: number;
        };
        /**
         * SubAccountApiKeyResetRequest
         * @description The document does not say whether `request` and `nonce` are required on this endpoint.
         */
        SubAccountApiKeyResetRequest: {
            /** @description Identifier of the API key to reset. */
            apiKeyId: string;
            request?: components["schemas"]["RequestPath"];
            nonce?: components["schemas"]["Nonce"];
        };
        /**
         * SubAccountApiKeyResetResult
         * @description The document shows an empty JSON object. It does not say whether any new key material is returned, so further fields are not excluded.
         */
        SubAccountApiKeyResetResult: {
            [key: string]: unknown;
        };
        /**
         * DepositCanceledEvent
         * @description Payload of the `deposit.canceled` webhook. Only `uniqueId` is shown; the document does not show the other fields of the payload, so they are not excluded.
         */
        DepositCanceledEvent: {
            /** @description The deposit transaction identifier; pass it as `transaction_id` to `refundDeposit` to refund the deposit. */
            uniqueId: components["schemas"]["Uuid"];
        };
    };
    responses: {
        /** @description Rate limit exceeded. The document does not show any retry-delay header. */
        PublicTooManyRequests: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PublicError"];
            };
        };
        /** @description Internal server error; retry with backoff. */
        PublicInternalServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PublicError"];
            };
        };
        /** @description Validation failed: `errors` is keyed by the invalid field among `id`, `ticker` and `status`; each value is an array of message strings. */
        InvestmentsHistoryValidationError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PrivateError"];
            };
        };
        /** @description Missing or invalid authentication (API key, payload or signature headers). */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PrivateError"];
            };
        };
        /** @description Insufficient permissions. This endpoint is available only to accounts of business-partner services; the document does not show the error body's code and text. */
        BusinessPartnerOnly: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PrivateError"];
            };
        };
        /** @description The endpoint does not exist. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PrivateError"];
            };
        };
        /** @description Rate limit exceeded. The document does not show any retry-delay header. */
        TooManyRequests: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PrivateError"];
            };
        };
        /** @description Internal server error; retry with backoff. */
        InternalServerError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PrivateError"];
            };
        };
        /** @description Bad request, invalid parameters. Validation errors use code 0 and the message `Validation failed`, with `errors` keyed by the invalid field. The document shows the error cases of this endpoint only in general terms. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PrivateError"];
            };
        };
        /** @description Insufficient permissions. The document does not show which permissions an API key needs per endpoint. */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PrivateError"];
            };
        };
        /** @description Validation failed. When the mining account does not exist, `errors` has the key `user` with the message that the mining account is not found. The document does not give the HTTP status of this error, so it is listed under 4XX: any client-error status, 400 included, whose body is then the private error as well. */
        MiningAccountNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["PrivateError"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    ping: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The API is operational. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pong"];
                };
            };
            429: components["responses"]["PublicTooManyRequests"];
            500: components["responses"]["PublicInternalServerError"];
        };
    };
    getInvestmentsHistory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InvestmentsHistoryRequest"];
            };
        };
        responses: {
            /** @description A page of investments. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvestmentsPage"];
                };
            };
            400: components["responses"]["InvestmentsHistoryValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["BusinessPartnerOnly"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getInterestPaymentsHistory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InterestPaymentsHistoryRequest"];
            };
        };
        responses: {
            /** @description A page of interest payments. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InterestPaymentsPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["BusinessPartnerOnly"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateFlexAutoReinvestment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FlexAutoInvestRequest"];
            };
        };
        responses: {
            /** @description The setting was changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FlexAutoInvestResult"];
                };
            };
            /** @description Bad request, invalid parameters. Validation errors use code 0 and the message `Validation failed`, with `errors` keyed by the invalid field. The document shows the error cases of this endpoint only in general terms. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PrivateError"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getMainBalance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MainBalanceRequest"];
            };
        };
        responses: {
            /** @description Balances keyed by ticker. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MainBalance"];
                };
            };
            /** @description Bad request, invalid parameters. Validation errors use code 0 and the message `Validation failed`, with `errors` keyed by the invalid field. The document shows the error cases of this endpoint only in general terms. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PrivateError"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    applyCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApplyCodeRequest"];
            };
        };
        responses: {
            /** @description The code was redeemed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CodeApplicationResult"];
                };
            };
            /** @description Bad request, invalid parameters. Validation errors use code 0 and the message `Validation failed`, with `errors` keyed by the invalid field. The document shows the error cases of this endpoint only in general terms. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PrivateError"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    refundDeposit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundDepositRequest"];
            };
        };
        responses: {
            /** @description The refund request was accepted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefundResult"];
                };
            };
            /** @description Bad request, invalid parameters. Validation errors use code 0 and the message `Validation failed`, with `errors` keyed by the invalid field. The document shows the error cases of this endpoint only in general terms. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PrivateError"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getMiningPayoutDestination: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MiningPayoutDestinationRequest"];
            };
        };
        responses: {
            /** @description The payout destination. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MiningPayoutDestination"];
                };
            };
            /** @description Bad request, invalid parameters. Validation errors use code 0 and the message `Validation failed`, with `errors` keyed by the invalid field. Besides the unknown account (under 4XX), the document shows the error cases of this endpoint only in general terms. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PrivateError"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            "4XX": components["responses"]["MiningAccountNotFound"];
        };
    };
    getFundingHistory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FundingHistoryRequest"];
            };
        };
        responses: {
            /** @description A page of funding records. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FundingHistoryPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    resetSubAccountApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SubAccountApiKeyResetRequest"];
            };
        };
        responses: {
            /** @description The key was reset. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubAccountApiKeyResetResult"];
                };
            };
            /** @description Bad request, invalid parameters. Validation errors use code 0 and the message `Validation failed`, with `errors` keyed by the invalid field. The document shows the error cases of this endpoint only in general terms. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PrivateError"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    depositCanceled: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DepositCanceledEvent"];
            };
        };
        responses: {
            /** @description Received. The document does not show what the receiver is expected to answer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
