import type { FastifyInstance } from 'fastify';
import { listAccountAuditLogs, listEnterpriseAuditLogs } from '@hireline/contract/audit';
import { forReading, type AppDeps } from '../../deps';
import { listOrCsv } from '../../platform/reply';
import { accountOf, route } from '../../platform/route';
import * as audit from './audit.service';

/*
 * The audit trail, read only: there is deliberately no route to change or remove an entry (the table refuses both).
 * `?format=csv` asks for the export as `Accept: text/csv` does.
 */
export function auditRoutes(app: FastifyInstance, deps: AppDeps) {
  route(app, deps, listAccountAuditLogs, (ctx) => {
    const slice = { enterpriseId: ctx.enterprise.id, accountId: accountOf(ctx.scope) };
    return listOrCsv(
      ctx,
      'audit',
      () => audit.listAccountLogs(deps, slice, ctx.query),
      () => audit.exportAccountLogsCsv(forReading(deps), slice, ctx.query),
      { csv: ctx.query.format === 'csv' },
    );
  });

  route(app, deps, listEnterpriseAuditLogs, (ctx) =>
    listOrCsv(
      ctx,
      'audit',
      () => audit.listEnterpriseLogs(deps, ctx.enterprise.id, ctx.query),
      () => audit.exportEnterpriseLogsCsv(forReading(deps), ctx.enterprise.id, ctx.query),
      { csv: ctx.query.format === 'csv' },
    ),
  );
}
