// Takes the one document Glassbox (the parent) sends and writes it in place of this page.
// Only the parent is listened to, and only once: the view cannot be replaced afterwards.
addEventListener('message', function onDocument(event) {
  if (event.source !== parent || !event.data || event.data.type !== 'glassbox/view' || typeof event.data.document !== 'string') return;
  removeEventListener('message', onDocument);
  document.open();
  document.write(event.data.document);
  document.close();
});
parent.postMessage({ type: 'glassbox/sandbox-ready' }, '*');
