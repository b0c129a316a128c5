package org.http4k.filter

import org.http4k.core.Body.Companion.EMPTY
import org.http4k.core.ContentType
import org.http4k.core.Credentials
import org.http4k.core.Filter
import org.http4k.core.HttpHandler
import org.http4k.core.Method.GET
import org.http4k.core.Method.HEAD
import org.http4k.core.Request
import org.http4k.core.Response
import org.http4k.core.Status
import org.http4k.core.Status.Companion.SEE_OTHER
import org.http4k.core.Status.Companion.UNAUTHORIZED
import org.http4k.core.Uri
import org.http4k.core.UriTemplate
import org.http4k.core.cookie.cookie
import org.http4k.core.cookie.cookies
import org.http4k.core.extend
import org.http4k.core.relative
import org.http4k.core.then
import org.http4k.core.with
import org.http4k.events.Events
import org.http4k.events.HttpEvent.Outgoing
import org.http4k.filter.GzipCompressionMode.Memory
import org.http4k.filter.cookie.CookieStorage
import org.http4k.filter.cookie.DefaultCookieStorage
import org.http4k.filter.cookie.LocalCookie
import org.http4k.lens.Header.CONTENT_TYPE
import org.http4k.lens.StringBiDiMappings
import org.http4k.routing.ResponseWithContext
import org.http4k.routing.RoutingHttpHandler
import org.http4k.security.CredentialsProvider
import java.time.Clock
import java.time.Instant

object ClientFilters {

    /**
     * Adds Zipkin request tracing headers to the outbound request. (traceid, spanid, parentspanid)
     */
    fun RequestTracing(
        startReportFn: (Request, ZipkinTraces) -> Unit = { _, _ -> },
        endReportFn: (Request, Response, ZipkinTraces) -> Unit = { _, _, _ -> },
        storage: ZipkinTracesStorage = ZipkinTracesStorage.THREAD_LOCAL
    ): Filter = Filter { next ->
        {
            storage.inChildSpan { updated ->
                startReportFn(it, updated)
                next(ZipkinTraces(updated, it))
                    .apply { endReportFn(it, this, updated) }
            }
        }
    }

    /**
     * Reset Zipkin request tracing. Use this to provide a new TraceId for every outbound call.
     */
    fun ResetRequestTracing(storage: ZipkinTracesStorage = ZipkinTracesStorage.THREAD_LOCAL) = Filter { next ->
        {
            storage.setForCurrentThread(ZipkinTraces(TraceId.new(), TraceId.new(), null))
            next(it)
        }
    }

    /**
     * Sets the host on an outbound request. This is useful to separate configuration of remote endpoints
     * from the logic required to construct the rest of the request.
     */
    fun SetHostFrom(uri: Uri): Filter = Filter { next ->
        {
            next(it.uri(it.uri.scheme(uri.scheme).host(uri.host).port(uri.port))
                .replaceHeader("Host", "${uri.host}${uri.port?.let { port -> ":$port" } ?: ""}"))
        }
    }

    /**
     * Sets the base uri (host + base path) on an outbound request. This is useful to separate configuration of
     * remote endpoints from the logic required to construct the rest of the request.
     */
    fun SetBaseUriFrom(uri: Uri): Filter = SetHostFrom(uri).then(Filter { next ->
        { request -> next(request.uri(uri.extend(request.uri))) }
    })

    /**
     * Copy the Host header into the x-forwarded-host header of a request. Used when we are using proxies
     * to divert traffic to another server.
     */
    fun SetXForwardedHost() = Filter { next ->
        {
            next(it.header("host")
                ?.let { host -> it.replaceHeader("X-Forwarded-Host", host) }
                ?: it
            )
        }
    }

    /**
     * Sets the Content Type request header.
     */
    object SetContentType {
        operator fun invoke(contentType: ContentType): Filter = Filter { next ->
            {
                next(it.with(CONTENT_TYPE of contentType))
            }
        }
    }

    fun ApiKeyAuth(set: (Request) -> Request): Filter = Filter { next ->
        { next(set(it)) }
    }

    object BasicAuth {
        operator fun invoke(provider: () -> Credentials?): Filter = CustomBasicAuth("Authorization", provider)
        operator fun invoke(provider: CredentialsProvider<Credentials>) =
            CustomBasicAuth("Authorization", provider::invoke)

        operator fun invoke(user: String, password: String): Filter = BasicAuth(Credentials(user, password))
        operator fun invoke(credentials: Credentials): Filter = BasicAuth { credentials }
    }

    object ProxyBasicAuth {
        operator fun invoke(provider: () -> Credentials?) = CustomBasicAuth("Proxy-Authorization", provider)
        operator fun invoke(provider: CredentialsProvider<Credentials>) = ProxyBasicAuth(provider::invoke)
        operator fun invoke(user: String, password: String): Filter = ProxyBasicAuth(Credentials(user, password))
        operator fun invoke(credentials: Credentials): Filter = ProxyBasicAuth { credentials }
    }

    object CustomBasicAuth {
        private val mapping = StringBiDiMappings.basicCredentials()

        operator fun invoke(header: String, provider: () -> Credentials?): Filter = Filter { next ->
            { req ->
                provider()
                    ?.let {
                        next(req.withBasicAuth(it, header))
                    }
                    ?: Response(UNAUTHORIZED)
            }
        }

        fun Request.withBasicAuth(credentials: Credentials, header: String = "Authorization") =
            header(header, mapping(credentials))

        operator fun invoke(header: String, provider: CredentialsProvider<Credentials>) =
            CustomBasicAuth(header, provider::invoke)

        operator fun invoke(header: String, user: String, password: String): Filter =
            CustomBasicAuth(header, Credentials(user, password))

        operator fun invoke(header: String, credentials: Credentials): Filter = CustomBasicAuth(header) { credentials }
    }

    object BearerAuth {
        operator fun invoke(provider: () -> String?): Filter = Filter { next ->
            { req ->
                provider()
                    ?.let {
                        next(req.header("Authorization", "Bearer $it"))
                    }
                    ?: Response(UNAUTHORIZED)
            }
        }

        operator fun invoke(provider: CredentialsProvider<String>): Filter = BearerAuth(provider::invoke)

        operator fun invoke(token: String): Filter = BearerAuth { token }
    }

    class FollowRedirects(
        private val crossOriginSensitiveHeaders: Set<String> = setOf("Authorization", "Cookie", "Proxy-Authorization")
    ) : Filter {
        private fun makeRequest(
            next: HttpHandler,
            request: Request,
            attempt: Int = 1,
            responseUriTemplate: UriTemplate? = null
        ): Response =
            next(request).let {
                if (it.isRedirection()) {
                    if (attempt == 10) error("Too many redirections")
                    val redirectUri = request.newLocation(it.location())
                    when {
                        request.uri.scheme.equals("https", ignoreCase = true) &&
                            redirectUri.scheme.equals("http", ignoreCase = true) ->
                            it.withUriTemplate(responseUriTemplate)

                        else -> {
                            it.assureBodyIsConsumed()
                            makeRequest(
                                next,
                                request.bodyForStatus(it.status).toNewLocation(redirectUri),
                                attempt + 1,
                                it.resolveInitialUriTemplate(responseUriTemplate, attempt)
                            )
                        }
                    }
                } else {
                    it.withUriTemplate(responseUriTemplate)
                }
            }

        private fun Request.bodyForStatus(status: Status): Request =
            when (status) {
                SEE_OTHER -> body(EMPTY)
                else -> this
            }

        private fun Response.resolveInitialUriTemplate(previousValue: UriTemplate?, attempt: Int): UriTemplate? =
            when {
                attempt > 1 -> previousValue

                else -> when (this) {
                    is ResponseWithContext -> xUriTemplate
                    else -> null
                }
            }

        private fun Response.withUriTemplate(uriTemplate: UriTemplate?) = when (uriTemplate) {
            null -> this

            // FIXME
            else -> ResponseWithContext(this, uriTemplate)
        }

        private fun Request.toNewLocation(newUri: Uri): Request {
            val originalUri = uri
            val redirect = ensureValidMethodForRedirect().uri(newUri)
                .stripSensitiveHeadersIfCrossOrigin(originalUri, newUri)

            return when {
                header("host") != null && newUri.host.isNotEmpty() ->
                    redirect.replaceHeader("host",
                        "${newUri.host}${newUri.port?.let { port -> ":$port" } ?: ""}")

                else -> redirect
            }
        }

        private fun Request.stripSensitiveHeadersIfCrossOrigin(original: Uri, target: Uri): Request =
            if (original.sameOriginAs(target)) {
                this
            } else {
                crossOriginSensitiveHeaders.fold(this) { req, name -> req.removeHeader(name) }
            }

        private fun Uri.sameOriginAs(other: Uri): Boolean =
            host.equals(other.host, ignoreCase = true) &&
                scheme.equals(other.scheme, ignoreCase = true) &&
                port == other.port

        private fun Response.location() = header("location")?.replace(";\\s*charset=.*$".toRegex(), "").orEmpty()

        private fun Response.assureBodyIsConsumed() = body.close()

        private fun Response.isRedirection(): Boolean =
            status.redirection && header("location")?.let(String::isNotBlank) == true

        private fun Request.ensureValidMethodForRedirect(): Request =
            if (method == GET || method == HEAD) this else method(GET)

        private fun Request.newLocation(location: String): Uri =
            uri.relative(location)

        override fun invoke(next: HttpHandler): HttpHandler = { makeRequest(next, it) }

        /**
         * This filter requires special treatment for routing handlers.
         *
         * In general, Filters are applied _after_ routing (i.e. routing information is available to filters).
         * This filter, however, needs to behave like a browser, and for that we apply the filter _before_ the routing.
         */
        fun then(router: RoutingHttpHandler): HttpHandler = { this(router)(it) }
    }

    object Cookies {
        operator fun invoke(
            clock: Clock = Clock.systemDefaultZone(),
            storage: CookieStorage = DefaultCookieStorage()
        ) = invoke(clock::instant, storage)

        operator fun invoke(
            timeSource: () -> Instant,
            storage: CookieStorage = DefaultCookieStorage()
        ): Filter = Filter { next ->
            { request ->
                val now = timeSource()
                removeExpired(now, storage, request.uri)
                val response = next(request.withLocalCookies(storage, request.uri))
                storage.store(response.cookies().map { LocalCookie(it, now, request.uri) })
                response
            }
        }

        private fun Request.withLocalCookies(storage: CookieStorage, uri: Uri) = storage.retrieve(uri)
            .map { it.cookie }
            .fold(this) { r, cookie -> r.cookie(cookie.name, cookie.value) }

        private fun removeExpired(now: Instant, storage: CookieStorage, uri: Uri) =
            storage.retrieve(uri).filter { it.isExpired(now) }.forEach { storage.remove(it.cookie.name) }
    }

    /**
     * Support for GZipped responses from clients.
     */
    fun AcceptGZip(
        compressionMode: GzipCompressionMode = Memory(),
        maxDecompressedSize: Long = MAX_DECOMPRESSED_SIZE.toLong()
    ): Filter =
        ResponseFilters.GunZip(compressionMode, maxDecompressedSize)

    /**
     * Basic GZip and Gunzip support of Request/Response.
     * Only Gunzip responses when the response contains "content-encoding" header containing 'gzip'
     */
    fun GZip(
        compressionMode: GzipCompressionMode = Memory(),
        maxDecompressedSize: Long = MAX_DECOMPRESSED_SIZE.toLong()
    ): Filter =
        RequestFilters.GZip(compressionMode)
            .then(ResponseFilters.GunZip(compressionMode, maxDecompressedSize))

    /**
     * This Filter is used to clean the Request and Response when proxying directly to another system. The purpose
     * of this is to remove any routing metadata that we may have attached to it before sending it onwards.
     */
    fun CleanProxy() = Filter { next ->
        {
            next(it.run { Request(method, uri).body(body).headers(headers) }).run {
                Response(status).body(body).headers(headers)
            }
        }
    }

    /**
     * Convenience method to report the HTTP transaction to the Events system.
     */
    fun ReportHttpTransaction(events: Events) = ResponseFilters.ReportHttpTransaction { events(Outgoing(it)) }
}
