//
// This source file is part of the Hummingbird server framework project
// Copyright (c) the Hummingbird authors
//
// See LICENSE.txt for license information
// SPDX-License-Identifier: Apache-2.0
//

public import HTTPTypes
public import NIOCore

/// Middleware implementing Cross-Origin Resource Sharing (CORS) headers.
///
/// If request has "origin" header then generate CORS headers. If method is OPTIONS
/// then return an empty body with all the standard CORS headers otherwise send
/// request onto the next handler and when you receive the response add a
/// "access-control-allow-origin" header
public struct CORSMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Defines what origins are allowed
    @available(*, deprecated, renamed: "AllowOriginExtended")
    public enum AllowOrigin: Sendable {
        case none
        case all
        case originBased
        case custom(String)

        func value(for request: Request) -> String? {
            switch self {
            case .none:
                return nil
            case .all:
                return "*"
            case .originBased:
                let origin = request.headers[.origin]
                if origin == "null" { return nil }
                return origin
            case .custom(let value):
                return value
            }
        }
    }

    /// Defines what should be returned in `Access-Control-Allow-Origin` header
    public struct AllowOriginExtended: Sendable {
        enum Internal {
            case none
            case all
            case originBased
            case oneOf([String])
            case custom(String)
        }
        let value: Internal

        init(value: Internal) {
            self.value = value
        }

        @available(*, deprecated)
        init(_ allowOrigin: AllowOrigin) {
            switch allowOrigin {
            case .none: self.value = .none
            case .all: self.value = .all
            case .originBased: self.value = .originBased
            case .custom(let string): self.value = .custom(string)
            }
        }

        /// Don't return header.
        public static var none: Self { .init(value: .none) }
        /// Return a wildcard `*`.
        public static var all: Self { .init(value: .all) }
        /// Return the request origin header, if request origin header isn't set to `null`.
        public static var originBased: Self { .init(value: .originBased) }
        /// Return request origin header if it is in the list of origins
        public static func oneOf(_ origins: String...) -> Self { .init(value: .oneOf(origins)) }
        /// Return a custom value
        public static func custom(_ endpoint: String) -> Self { .init(value: .custom(endpoint)) }

        func value(for request: Request) -> String? {
            switch self.value {
            case .none:
                return nil
            case .all:
                return "*"
            case .originBased:
                let origin = request.headers[.origin]
                if origin == "null" { return nil }
                return origin
            case .oneOf(let origins):
                let origin = request.headers[.origin]
                if origin == "null" { return nil }
                return origins.first { $0 == origin }
            case .custom(let value):
                return value
            }
        }

        var shouldAddToVaryHeader: Bool {
            switch self.value {
            case .oneOf, .originBased, .custom:
                return true
            case .none, .all:
                return false
            }
        }
    }

    /// What origins are allowed, header `Access-Control-Allow-Origin`
    let allowOrigin: AllowOriginExtended
    /// What headers are allowed, header `Access-Control-Allow-Headers`
    let allowHeaders: String
    /// What methods are allowed, header `Access-Control-Allow-Methods`
    let allowMethods: String
    /// Are requests with cookies or an "Authorization" header allowed, header `Access-Control-Allow-Credentials`
    let allowCredentials: Bool
    /// What headers can be exposed back to the browser, header `Access-Control-Expose-Headers`
    let exposedHeaders: String?
    /// how long the results of a pre-flight request can be cached, header `Access-Control-Max-Age`
    let maxAge: String?

    /// Initialize CORS middleware
    ///
    /// - Parameters:
    ///   - allowOrigin: allow origin enum
    ///   - allowHeaders: array of headers that are allowed
    ///   - allowMethods: array of methods that are allowed
    ///   - allowCredentials: are credentials alloed
    ///   - exposedHeaders: array of headers that can be exposed back to the browser
    ///   - maxAge: how long the results of a pre-flight request can be cached
    public init(
        allowOrigin: AllowOriginExtended = .originBased,
        allowHeaders: [HTTPField.Name] = [.accept, .authorization, .contentType, .origin],
        allowMethods: [HTTPRequest.Method] = [.get, .post, .head, .options],
        allowCredentials: Bool = false,
        exposedHeaders: [String]? = nil,
        maxAge: TimeAmount? = nil
    ) {
        self.allowOrigin = allowOrigin
        self.allowHeaders = allowHeaders.map(\.canonicalName).joined(separator: ", ")
        self.allowMethods = allowMethods.map(\.rawValue).joined(separator: ", ")
        self.allowCredentials = allowCredentials
        self.exposedHeaders = exposedHeaders?.joined(separator: ", ")
        self.maxAge = maxAge.map { String(describing: $0.nanoseconds / 1_000_000_000) }
    }

    /// Initialize CORS middleware
    ///
    /// - Parameters:
    ///   - allowOrigin: allow origin enum
    ///   - allowHeaders: array of headers that are allowed
    ///   - allowMethods: array of methods that are allowed
    ///   - allowCredentials: are credentials alloed
    ///   - exposedHeaders: array of headers that can be exposed back to the browser
    ///   - maxAge: how long the results of a pre-flight request can be cached
    @_disfavoredOverload
    @available(*, deprecated, message: "Use init that uses `AllowOriginExtended`.")
    public init(
        allowOrigin: AllowOrigin = .originBased,
        allowHeaders: [HTTPField.Name] = [.accept, .authorization, .contentType, .origin],
        allowMethods: [HTTPRequest.Method] = [.get, .post, .head, .options],
        allowCredentials: Bool = false,
        exposedHeaders: [String]? = nil,
        maxAge: TimeAmount? = nil
    ) {
        self.allowOrigin = .init(allowOrigin)
        self.allowHeaders = allowHeaders.map(\.canonicalName).joined(separator: ", ")
        self.allowMethods = allowMethods.map(\.rawValue).joined(separator: ", ")
        self.allowCredentials = allowCredentials
        self.exposedHeaders = exposedHeaders?.joined(separator: ", ")
        self.maxAge = maxAge.map { String(describing: $0.nanoseconds / 1_000_000_000) }
    }

    /// apply CORS middleware
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // if no origin header then don't apply CORS
        guard request.headers.contains(.origin) else {
            return try await next(request, context)
        }

        if request.method == .options {
            // if request is OPTIONS then return CORS headers and skip the rest of the middleware chain
            var headers: HTTPFields = [
                .accessControlAllowHeaders: self.allowHeaders,
                .accessControlAllowMethods: self.allowMethods,
            ]
            if let allowOrigin = allowOrigin.value(for: request) {
                headers[.accessControlAllowOrigin] = allowOrigin
            }
            if self.allowCredentials {
                headers[.accessControlAllowCredentials] = "true"
            }
            if let maxAge = self.maxAge {
                headers[.accessControlMaxAge] = maxAge
            }
            if let exposedHeaders = self.exposedHeaders {
                headers[.accessControlExposeHeaders] = exposedHeaders
            }
            if self.allowOrigin.shouldAddToVaryHeader {
                headers[.vary] = "Origin"
            }

            return Response(status: .noContent, headers: headers, body: .init())
        } else {
            // if not OPTIONS then run rest of middleware chain and add origin value at the end
            do {
                var response = try await next(request, context)
                response.headers[.accessControlAllowOrigin] = self.allowOrigin.value(for: request)
                if self.allowCredentials {
                    response.headers[.accessControlAllowCredentials] = "true"
                }
                if self.allowOrigin.shouldAddToVaryHeader {
                    response.headers[values: .vary].append("Origin")
                }
                return response
            } catch {
                // If next throws an error add headers to error
                var additionalHeaders = HTTPFields()
                additionalHeaders[.accessControlAllowOrigin] = self.allowOrigin.value(for: request)
                if self.allowCredentials {
                    additionalHeaders[.accessControlAllowCredentials] = "true"
                }
                if self.allowOrigin.shouldAddToVaryHeader {
                    additionalHeaders[.vary] = "Origin"
                }
                throw EditedHTTPError(
                    originalError: error,
                    additionalHeaders: additionalHeaders
                )
            }
        }
    }
}
