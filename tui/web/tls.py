"""HTTPS for the web page: ``pawnshop serve --web-cert FILE --web-key FILE`` serves the page
and its WebSocket over TLS (the ``ssl`` module), with the certificate chain and private key
given in PEM files; without them the page is plain HTTP, for a trusted network or behind an
HTTPS proxy."""

from __future__ import annotations

import ssl
from pathlib import Path


class CertificateProblem(ValueError):
    """The certificate or key will not do; ``str()`` is one sentence."""


def server_tls(certificate: str | None, key: str | None) -> ssl.SSLContext | None:
    """The TLS settings for a certificate and its key (``None`` for plain HTTP without
    either); ``CertificateProblem`` saying in one sentence why they will not do."""
    if certificate is None and key is None:
        return None
    if certificate is None or key is None:
        raise CertificateProblem("--web-cert and --web-key go together: give both, or neither.")
    for option, name in (("--web-cert", certificate), ("--web-key", key)):
        path = Path(name).expanduser()
        if not path.is_file():
            raise CertificateProblem(f"{option} {name}: there is no such file.")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(Path(certificate).expanduser(), Path(key).expanduser())
    except PermissionError:
        raise CertificateProblem(
            f"--web-cert {certificate} or --web-key {key} cannot be read (permission denied)."
        ) from None
    except (ssl.SSLError, OSError, ValueError) as error:
        reason = getattr(error, "reason", None) or error.__class__.__name__
        raise CertificateProblem(
            f"--web-cert {certificate} and --web-key {key} are not a PEM certificate and its "
            f"private key ({reason})."
        ) from None
    return context
