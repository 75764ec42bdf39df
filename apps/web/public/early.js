/*
 * Sent before the app's code has even downloaded: this host's branding, which the app needs before it can draw
 * anything, and then, for a stored session, who is signed in (the API narrows that answer to the branding's brand).
 * The app adopts an answer only when it would have sent exactly the same request (src/lib/early-requests.ts) and
 * sends its own otherwise; src/lib/early-requests.test.ts holds this file to the contract.
 */
/* global document, window, location */
(function () {
  var meta = document.querySelector('meta[name="af-enterprise-key"]');
  var key = meta && meta.getAttribute('content');
  if (!key || key.charAt(0) === '%' || !window.fetch || !window.URLSearchParams) return;
  var json = { Accept: 'application/json', 'X-AF-EID': key };
  var early = {};
  var brandingUrl = '/portal/accounts/branding?' + new URLSearchParams({ domain: location.hostname }).toString();
  var branding = fetch(brandingUrl, { headers: json });
  early.branding = { url: brandingUrl, response: branding };

  var token = null;
  try {
    token = JSON.parse(localStorage.getItem('hireline:token'));
  } catch {
    token = null;
  }
  if (typeof token === 'string' && token) {
    var me = { url: '/portal/auth/me', token: token, brandingId: null };
    // Null when it could not be sent as the app would send it: the app then asks itself.
    me.response = branding
      .then(function (res) {
        return res.ok ? res.clone().json() : null;
      })
      .then(function (body) {
        if (!body || typeof body.id !== 'string') return null;
        me.brandingId = body.id;
        var headers = { Accept: json.Accept, 'X-AF-EID': key, Authorization: 'Bearer ' + token, 'X-AF-Branding-Token': body.id };
        return fetch(me.url, { headers: headers });
      })
      .catch(function () {
        return null;
      });
    early.me = me;
  }
  // Whoever takes an answer handles its failure; nobody taking one is not an unhandled rejection.
  branding.catch(function () {});
  window.__hirelineEarly = early;
})();
