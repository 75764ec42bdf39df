import { describeMessage, type CodedMessage } from '@hireline/contract/message-codes';

/**
 * An error answer as the API sends it (DESIGN §4): the English given, with the catalogue's codes beside it — `code`
 * (an explicit one kept), `params`, and `error_codes` naming each field error in order. For tests that compare whole
 * answers; message-codes.test.ts checks the codes themselves against real endpoints.
 */
export function coded<T extends { message: string; errors?: Record<string, string[]>; code?: string }>(body: T) {
  const described = describeMessage(body.message);
  const field = (m: string): CodedMessage => describeMessage(m) ?? { code: 'unknown' };
  return {
    ...body,
    ...(body.errors ? { error_codes: Object.fromEntries(Object.entries(body.errors).map(([k, list]) => [k, list.map(field)])) } : {}),
    ...(body.code || described ? { code: body.code ?? described!.code } : {}),
    ...(described?.params ? { params: described.params } : {}),
  };
}
