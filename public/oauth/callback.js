// The script of oauth/callback.html, the page the authorization server sends the person back to
// (the redirect URI). It removes the code and state from the address bar and the history at once.
// In a sign-in window, it hands the query to the Glassbox page that opened it through a
// BroadcastChannel (the name and message are src/app/oauth-channel.ts's; a test keeps them equal)
// and closes the window. In a tab that left Glassbox to sign in (the popup was blocked: the
// sessionStorage marker of src/app/same-tab-redirect.ts says so), it goes back to Glassbox, in
// place of this page, with the query in the fragment, which Glassbox takes out of the address bar
// at once. It checks nothing itself: Glassbox checks `state` and `iss`.
// A plain file served as is, so the app's build stays one entry and this page loads one script.
(function () {
  var query = location.search.slice(1);
  history.replaceState(null, '', location.pathname);
  var sameTab = false;
  try {
    sameTab = sessionStorage.getItem('glassbox.oauth.redirect') !== null;
  } catch {
    // Storage refused: only the sign-in window's way is left.
  }
  if (sameTab) {
    location.replace('../#oauth-callback=' + encodeURIComponent(query));
    return;
  }
  var channel = new BroadcastChannel('glassbox-oauth');
  channel.postMessage({ type: 'glassbox-oauth-callback', query: query });
  channel.close();
  document.getElementById('status').textContent =
    query === ''
      ? 'Nothing to hand over: start the sign-in from Glassbox.'
      : 'Signed in: this window closes by itself (close it if it stays open).';
  window.close();
})();
