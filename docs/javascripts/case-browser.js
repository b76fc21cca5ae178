// Case browser filter: hides rows that do not match the text, op and level filters.
// `?filter=TEXT` in the URL pre-fills the text filter (not `q`, which the theme's search
// reads) and `?spec=4.3` selects the cases of one spec section.
(function () {
  function setup() {
    var root = document.querySelector(".tp-case-browser");
    if (!root || root.dataset.ready) return;
    root.dataset.ready = "1";
    var text = root.querySelector("#tp-case-filter");
    var op = root.querySelector("#tp-case-op");
    var level = root.querySelector("#tp-case-level");
    var spec = root.querySelector("#tp-case-spec");
    var count = root.querySelector("#tp-case-count");
    var rows = Array.prototype.slice.call(root.querySelectorAll("tbody tr"));
    var haystacks = rows.map(function (row) {
      return (row.id + " " + row.textContent).toLowerCase();
    });
    function apply() {
      var words = text.value.toLowerCase().split(/\s+/).filter(Boolean);
      var shown = 0;
      rows.forEach(function (row, i) {
        var ok =
          (!op.value || row.dataset.op === op.value) &&
          (!level.value || row.dataset.level === level.value) &&
          (!spec.value || row.dataset.spec === spec.value) &&
          words.every(function (w) {
            return haystacks[i].indexOf(w) >= 0;
          });
        row.hidden = !ok;
        if (ok) shown += 1;
      });
      count.textContent = shown + " of " + rows.length + " cases";
    }
    var params = new URLSearchParams(window.location.search);
    if (params.get("filter")) text.value = params.get("filter");
    if (params.get("spec")) spec.value = params.get("spec");
    text.addEventListener("input", apply);
    op.addEventListener("change", apply);
    level.addEventListener("change", apply);
    spec.addEventListener("change", apply);
    apply();
  }
  if (typeof document$ !== "undefined") {
    document$.subscribe(setup);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setup);
  } else {
    setup();
  }
})();
