// Progressive enhancement only: every page works without this file.
(function () {
  "use strict";
  // A copy button on command blocks.
  document.querySelectorAll("pre.cmd").forEach(function (pre) {
    if (!navigator.clipboard) return;
    var b = document.createElement("button");
    b.type = "button";
    b.className = "copy";
    b.textContent = "Copy";
    b.setAttribute("aria-label", "Copy command");
    b.addEventListener("click", function () {
      navigator.clipboard.writeText(pre.innerText.replace(/^Copy\n?/, "")).then(function () {
        b.textContent = "Copied";
        setTimeout(function () { b.textContent = "Copy"; }, 1500);
      });
    });
    pre.insertBefore(b, pre.firstChild);
  });
  // Disable the Diagnose button while the request runs, so it is not sent twice.
  document.querySelectorAll("form.diagnose-form").forEach(function (form) {
    form.addEventListener("submit", function () {
      var btn = form.querySelector("button[type=submit]");
      if (btn) { btn.disabled = true; btn.textContent = "Diagnosing…"; }
    });
  });
  // Coming back with the browser's Back button restores the page as it was: re-enable.
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("form.diagnose-form button[type=submit]").forEach(function (btn) {
      btn.disabled = false; btn.textContent = "Diagnose";
    });
  });
})();
