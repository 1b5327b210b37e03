"""Playing in a browser: ``pawnshop serve --web-port`` answers browsers beside SSH.

- ``server``: the web server (aiohttp) on the SSH server's loop: the page, names, sessions;
- ``channel``: a browser's WebSocket as the SSH channel a game session runs on, its output
  written at once (``eager``);
- ``names``: which browser or SSH key holds which name;
- ``tls``: HTTPS, with ``--web-cert`` and ``--web-key``;
- ``static/``: the page (xterm.js, its fit addon and the DejaVu Sans Mono font, vendored with
  their licences in ``static/LICENSES.txt``).
"""
