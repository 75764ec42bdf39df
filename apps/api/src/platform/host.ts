/** `Host:port`, a trailing dot, any case → the domain as stored. */
export function normaliseHost(host: string) {
  return host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}
