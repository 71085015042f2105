// The script of oauth/callback.html, the page the authorization server sends the person back to
// (the redirect URI). It removes the code and state from the address bar and the history at once,
// hands the query to the Glassbox page that opened this window through a BroadcastChannel (the
// name and message are src/app/oauth-channel.ts's; a test keeps them equal), and closes the
// window. It checks nothing itself: the opener checks `state` and `iss`.
// A plain file served as is, so the app's build stays one entry and this page loads one script.
(function () {
  var query = location.search.slice(1);
  history.replaceState(null, '', location.pathname);
  var channel = new BroadcastChannel('glassbox-oauth');
  channel.postMessage({ type: 'glassbox-oauth-callback', query: query });
  channel.close();
  document.getElementById('status').textContent =
    query === '' ? 'Nothing to hand over: start the sign-in from Glassbox.' : 'Signed in: this window closes by itself (close it if it stays open).';
  window.close();
})();
