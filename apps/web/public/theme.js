// Runs before the first paint: the remembered theme, else the system's (no flash of the wrong theme).
(function () {
  var dark;
  try {
    var stored = window.localStorage.getItem('nova-theme');
    dark = stored ? stored === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
  } catch {
    dark = false;
  }
  var root = document.documentElement;
  if (dark) root.classList.add('dark');
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
