import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { uuidv7 } from 'uuidv7';
import { messages } from '@hireline/contract/messages';
import type { AppDeps } from './deps';
import { registerBrandCsp } from './platform/brand-csp';
import { registerCacheControl } from './platform/cache-control';
import { errorBody, registerErrorHandling } from './platform/errors';
import { logSerializers } from './platform/log-redaction';
import { statusClass } from './platform/metrics';
import { refuseUnstorableText } from './platform/unstorable-text';
import { RequestLog } from './platform/request-log';
import { registerPortal } from './platform/web';
import { registerBoardApp } from './modules/board/board-app';
import { answerOfflineBoard } from './modules/board/board-offline';
import { applicationRoutes } from './modules/applications/applications.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { mfaRoutes } from './modules/auth/mfa.routes';
import { invitationRoutes } from './modules/invitations/invitations.routes';
import { impersonationRoutes } from './modules/impersonation/impersonation.routes';
import { brandingRoutes } from './modules/branding/branding.routes';
import { boardRoutes } from './modules/board/board.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { employerRoutes } from './modules/employers/employers.routes';
import { employerUserRoutes } from './modules/employers/employer-users.routes';
import { enterpriseRoutes } from './modules/enterprise/enterprise.routes';
import { consultantRoutes } from './modules/consultants/consultants.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { accountRoleRoutes, accountUserRoutes } from './modules/users/users.routes';
import { creditRoutes } from './modules/credits/credits.routes';
import { spendOnJob } from './modules/jobs/job-pay.service';
import { jobRoutes } from './modules/jobs/jobs.routes';
import { jobReviewRoutes } from './modules/job-reviews/job-reviews.routes';
import { lookupRoutes } from './modules/lookups/lookups.routes';
import { searchRoutes } from './modules/search/search.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { emailTemplateRoutes } from './modules/settings/email-templates.routes';
import { seekerRoutes } from './modules/seekers/seekers.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { systemRoutes } from './modules/system/system.routes';
import { ssoRoutes } from './modules/sso/sso.routes';
import { MAX_UPLOAD_BYTES } from './platform/uploads';
import { responseSerializerCompiler } from './platform/response-serializer';
import { uploadRoutes } from './modules/uploads/uploads.routes';

export interface ServerOptions {
  /** An options object gets the redaction and serializers below merged in (tests capture the log this way). */
  logger?: FastifyServerOptions['logger'];
  /** Serve the built portal at `/` (off in API tests). */
  serveWeb?: boolean;
  /** Tests only: `before` runs on the bare instance, `extend` after the modules' routes. */
  hooks?: { before?: (app: FastifyInstance) => void; extend?: (app: FastifyInstance, deps: AppDeps) => void };
}

/** Secrets never reach the log, whatever a future log line includes. */
const redact = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-af-branding-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.password_confirmation',
  '*.current_password',
  '*.token',
  '*.access_token',
];

/** Builds the whole application from its dependencies. No I/O happens at import time; tests call this. */
export async function buildServer(deps: AppDeps, opts: ServerOptions = {}) {
  const given = opts.logger ?? { level: deps.config.logLevel };
  const logger: FastifyServerOptions['logger'] =
    given && typeof given === 'object' ? { redact, serializers: logSerializers, ...given } : given;
  const app = Fastify({
    // Credentials in URLs (reset links, signed file URLs, sign-in callbacks) are redacted by the serializers.
    logger,
    // One line per request, naming its route, status and caller (platform/request-log.ts).
    logController: new RequestLog(),
    genReqId: () => uuidv7(),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  opts.hooks?.before?.(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(deps.config.responseCheck));
  // The API speaks JSON (and multipart for uploads); anything else is 415, not a string to validate.
  app.removeContentTypeParser('text/plain');
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  // With tracing on (apps/api/tracing.mjs), each request's span is named by its route's template too.
  const traceRoute = (globalThis as Record<symbol, unknown>)[Symbol.for('hireline.traceRoute')] as ((route: string) => void) | undefined;
  if (traceRoute)
    app.addHook('onRequest', async (req) => {
      if (req.routeOptions.url) traceRoute(req.routeOptions.url);
    });
  // Labelled by the route's template (`/portal/v1/jobs/:id`), never the URL: ids would make a series per record.
  app.addHook('onResponse', async (req, reply) => {
    const labels = { method: req.method, route: req.routeOptions.url ?? 'unmatched', status_class: statusClass(reply.statusCode) };
    deps.metrics.httpRequests.inc(labels);
    deps.metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });

  const https = deps.config.appUrl.startsWith('https:');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // blob: for resumes previewed in the page: fetched with the bearer token, shown from an object URL.
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    hsts: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  registerBrandCsp(app, deps);
  // Answers compressed for browsers that accept it: the lists' JSON shrinks to a sixth. Brotli at quality 4 costs
  // about what gzip does and packs tighter; under 2 KB a response is not worth the CPU. The built portal's files carry
  // their own compressed copies (platform/web.ts) and pass through. Request bodies are never decompressed: a small
  // compressed body could expand past the body limit's intent.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 2048,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Hireline API', version: '1.0.0', description: 'Generated from the contract (packages/contract).' },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/portal/docs', staticCSP: true });

  registerErrorHandling(app);
  registerCacheControl(app);
  refuseUnstorableText(app);
  authRoutes(app, deps);
  mfaRoutes(app, deps);
  invitationRoutes(app, deps);
  impersonationRoutes(app, deps);
  ssoRoutes(app, deps);
  brandingRoutes(app, deps);
  boardRoutes(app, deps);
  uploadRoutes(app, deps);
  dashboardRoutes(app, deps);
  jobReviewRoutes(app, deps);
  lookupRoutes(app, deps);
  searchRoutes(app, deps);
  seekerRoutes(app, deps);
  notificationRoutes(app, deps);
  systemRoutes(app, deps);
  jobRoutes(app, deps);
  employerRoutes(app, deps);
  employerUserRoutes(app, deps);
  enterpriseRoutes(app, deps);
  settingsRoutes(app, deps);
  emailTemplateRoutes(app, deps);
  consultantRoutes(app, deps);
  auditRoutes(app, deps);
  accountUserRoutes(app, deps);
  accountRoleRoutes(app, deps);
  applicationRoutes(app, deps);
  creditRoutes(app, deps, { spendOnJob });
  opts.hooks?.extend?.(app, deps);

  // The board answers for hosts that are a site's board, the portal for every other host (DESIGN §1).
  const board = opts.serveWeb ? await registerBoardApp(app, deps, deps.config.boardDistDir, deps.config) : null;
  const portal = opts.serveWeb ? await registerPortal(app, deps.config.webDistDir, deps.config) : null;
  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    if (
      !req.url.startsWith('/portal') &&
      ((await board?.(req, reply)) || (portal && (await answerOfflineBoard(deps, req, reply))) || (await portal?.(req, reply)))
    )
      return reply;
    return reply.code(404).send(errorBody(messages.notFound));
  };
  // The static plugin answers a bare directory with 403; the root is a client-side route of either app.
  if (board || portal) app.get('/', { schema: { hide: true } }, page);
  app.setNotFoundHandler(page);

  return app;
}
