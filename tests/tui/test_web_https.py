"""``--web-cert`` and ``--web-key``: the page and its WebSocket over TLS, with a throwaway
self-signed certificate made here; the name cookie is then ``Secure``. A certificate that
will not do is one sentence before anything listens."""

from __future__ import annotations

import datetime
import ipaddress
import ssl
import subprocess
import sys
from contextlib import AsyncExitStack
from pathlib import Path

import aiohttp
import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from net_helpers import LOBBY, join
from test_ssh_support import run_scenario
from test_web_support import Browser, serving_web

from tui.web.server import COOKIE
from tui.web.tls import CertificateProblem, server_tls


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 signed by its own key: its file and the key's."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "pawnshop test")])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(
            x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert_path, key_path


def test_a_browser_plays_over_wss_and_its_cookie_is_secure(tmp_path: Path) -> None:
    cert, key = self_signed(tmp_path)
    tls = server_tls(str(cert), str(key))
    trust = ssl.create_default_context(cafile=str(cert))

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            site = await stack.enter_async_context(serving_web(tmp_path, tls=tls))
            assert site.url.startswith("https://")
            browser = Browser(site, stack, trust)
            client = await browser.http_client()
            async with client.post(f"{site.url}/join", json={"name": "alice"}) as response:
                assert response.status == 200
                cookie = response.cookies[COOKIE]
                assert cookie["secure"] is True
                assert cookie["httponly"] is True
            tab = await browser.open("alice")  # wss://
            await tab.shows(LOBBY)
            bob = await join(stack, site.server, "bob")
            tab.press("n")
            await tab.shows("Open a table")
            tab.press("\x0f")
            await tab.shows("You play South at table 1")
            await bob.shows("alice")
            # A client that does not trust the certificate gets nothing.
            async with aiohttp.ClientSession() as stranger:
                with pytest.raises(aiohttp.ClientConnectorError):
                    await stranger.get(f"{site.url}/hello")

    run_scenario(scenario)


def test_without_tls_the_cookie_is_not_secure(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            site = await stack.enter_async_context(serving_web(tmp_path))
            client = await Browser(site, stack).http_client()
            async with client.post(f"{site.url}/join", json={"name": "alice"}) as response:
                assert not response.cookies[COOKIE]["secure"]

    run_scenario(scenario)


@pytest.mark.parametrize(
    ("given", "said"),
    [
        (("missing.pem", "key.pem"), "--web-cert missing.pem: there is no such file."),
        (("cert.pem", None), "--web-cert and --web-key go together"),
        (("key.pem", "cert.pem"), "are not a PEM certificate and its private key"),
        (("cert.pem", "other.pem"), "are not a PEM certificate and its private key"),
    ],
)
def test_a_certificate_that_will_not_do_is_one_sentence(
    tmp_path: Path, given: tuple[str, str | None], said: str
) -> None:
    self_signed(tmp_path)
    (tmp_path / "other.pem").write_text("not a key")
    cert, key = (str(tmp_path / name) if name else None for name in given)
    with pytest.raises(CertificateProblem) as problem:
        server_tls(cert, key)
    assert said in str(problem.value).replace(str(tmp_path) + "/", "")
    assert "\n" not in str(problem.value)


def test_the_command_says_why_it_cannot_serve_https(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "tui", "serve", "--port", "0", "--workers", "1"]
    options = ["--data-dir", str(tmp_path), "--web-port", "0"]
    missing = str(tmp_path / "nowhere.pem")
    finished = subprocess.run(
        [*command, *options, "--web-cert", missing, "--web-key", missing],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert finished.returncode == 2
    assert finished.stderr == f"pawnshop: --web-cert {missing}: there is no such file.\n"
    assert finished.stdout == ""
