// The viewer's page: the frames embedded in it (computed by engine/viewer in Python), shown by the rendering it
// shares with the ruling lab (render.js, inlined before this script). "#step=K" in the address is step K.
"use strict";
(function () {
  var data = JSON.parse(document.getElementById("data").textContent);
  var m = /^#step=(\d+)$/.exec(location.hash);
  DSViewer.create({ hash: true }).load(data, m ? parseInt(m[1], 10) : null);
})();
