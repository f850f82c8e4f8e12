"""How eval/queries.jsonl was written: (file, question in other words, a unique quote from the answer passage).

The questions were written by hand after reading each passage; the quote locates the passage (its lines) and is
checked to occur exactly once. Run: .venv/bin/python eval/make_queries.py
"""

import json
import pathlib
import sys

Q = [
    ("python/colorsys.py", "convert an RGB colour to hue saturation value", "def rgb_to_hsv(r, g, b):"),
    ("python/colorsys.py", "YIQ colour space conversion back to RGB", "def yiq_to_rgb(y, i, q):"),
    (
        "python/getpass.py",
        "read a password from the terminal without echoing it",
        '"""Prompt for a password, with echo turned off.',
    ),
    (
        "python/getpass.py",
        "how is the current login name determined",
        "Get the username from the environment or password database.",
    ),
    (
        "python/fnmatch.py",
        "match file names against shell wildcard patterns case-sensitively",
        "Test whether FILENAME matches PATTERN, including case.",
    ),
    ("python/fnmatch.py", "turn a shell glob pattern into a regular expression", "def translate(pat):"),
    (
        "python/bisect.py",
        "insert an element into a sorted list keeping it sorted",
        "def insort_right(a, x, lo=0, hi=None, *, key=None):",
    ),
    (
        "python/bisect.py",
        "find the leftmost insertion point in a sorted sequence",
        "def bisect_left(a, x, lo=0, hi=None, *, key=None):",
    ),
    (
        "python/reprlib.py",
        "repr with size limits for long lists and strings",
        "Redo the builtin repr() (representation) but with limits on most sizes.",
    ),
    (
        "python/reprlib.py",
        "decorator that stops infinite recursion in __repr__ of self-referencing containers",
        "def recursive_repr(fillvalue='...'):",
    ),
    (
        "python/linecache.py",
        "fetch one line of a Python source file from a cache",
        "Get a line for a Python source file from the cache.",
    ),
    (
        "python/linecache.py",
        "drop cached source lines whose files changed on disk",
        "Discard cache entries that are out of date.",
    ),
    (
        "python/codeop.py",
        "tell whether an interactive command is complete or needs more input",
        "def compile_command(",
    ),
    (
        "python/imghdr.py",
        "detect the type of an image from its header bytes",
        "Recognize image file formats based on their first few bytes.",
    ),
    ("python/imghdr.py", "TIFF byte order detection", "TIFF (can be in Motorola or Intel byte order)"),
    ("python/chunk.py", "reading IFF chunk files such as AIFF audio", "Simple class to read IFF chunks."),
    ("python/crypt.py", "generate a salt for password hashing", "Generate a salt for the specified method."),
    (
        "python/genericpath.py",
        "does path exists return false for a dangling symlink",
        "Test whether a path exists.  Returns False for broken symbolic links",
    ),
    (
        "python/genericpath.py",
        "get the last modification time of a file",
        "Return the last modification time of a file, reported by os.stat().",
    ),
    (
        "python/_compression.py",
        "shared reader for gzip lzma and bz2 decompression streams",
        "Internal classes used by the gzip, lzma and bz2 modules",
    ),
    (
        "python/wsgiref/util.py",
        "guess whether the WSGI request used http or https",
        "Return a guess for whether 'wsgi.url_scheme' should be 'http' or 'https'",
    ),
    (
        "python/wsgiref/util.py",
        "base URI of a WSGI application without path info",
        "Return the application's base URI (no PATH_INFO or QUERY_STRING)",
    ),
    (
        "python/json/tool.py",
        "command line JSON validator and pretty printer",
        "Command-line tool to validate and pretty-print JSON",
    ),
    (
        "python/asyncio/timeouts.py",
        "async context manager that cancels coroutines that run too long",
        "Asynchronous context manager for cancelling overdue coroutines.",
    ),
    ("python/asyncio/timeouts.py", "move an asyncio timeout deadline", "Reschedule the timeout."),
    (
        "python/asyncio/staggered.py",
        "happy eyeballs: start coroutines with delays and keep the first that finishes",
        "Run coroutines with staggered start times and take the first to finish.",
    ),
    (
        "python/email/base64mime.py",
        "base64 content transfer encoding for email headers and bodies",
        "Base64 content transfer encoding per RFCs 2045-2047.",
    ),
    (
        "python/email/base64mime.py",
        "encoded length of a header in base64",
        "Return the length of s when it is encoded with base64.",
    ),
    (
        "python/zoneinfo/_tzpath.py",
        "list every time zone name that is available",
        "Returns a set containing all available time zones.",
    ),
    (
        "python/zoneinfo/_tzpath.py",
        "warning for a bad PYTHONTZPATH entry",
        "Warning raised if an invalid path is specified in PYTHONTZPATH.",
    ),
    (
        "python/zoneinfo/_tzpath.py",
        "locate the TZif file for a zone key",
        "Retrieve the path to a TZif file from a key.",
    ),
    ("python/linecache.py", "empty the whole line cache", "Clear the cache entirely."),
    ("python/chunk.py", "size of the current IFF chunk", "Return the size of the current chunk."),
    (
        "python/crypt.py",
        "one-way hash of a password using the POSIX crypt call",
        "Return a string representing the one-way hash of a password, with a salt",
    ),
    ("python/imghdr.py", "recognise GIF 87a and 89a files", "GIF ('87 and '89 variants)"),
    (
        "python/wsgiref/util.py",
        "iterate over a file-like object in blocks for WSGI",
        "Wrapper to convert file-like objects to iterables",
    ),
    (
        "debian/python3-pip/html/topics/https-certificates.md",
        "does pip use the operating system certificate store for TLS verification",
        "This does not use the system certificate\nstore but, instead, uses a bundled CA certificate store",
    ),
    (
        "debian/python3-pip/html/topics/repeatable-installs.md",
        "pin exact dependency versions in requirements to avoid breakage from new releases",
        "Pinning package versions of your dependencies in the requirements file\nprotects you from bugs or incompatibilities in newly released versions",
    ),
    (
        "debian/python3-pip/html/cli/pip_hash.rst",
        "compute a digest of a package archive for require-hashes mode",
        "is a convenient way to get a hash digest for use with",
    ),
    (
        "debian/python3-pip/html/topics/authentication.md",
        "password with special characters in a package index URL must be percent-encoded",
        "then they must be percent-encoded",
    ),
    (
        "debian/openssh-client/README.dns",
        "verify SSH host keys with DNS SSHFP records",
        "OpenSSH contains support for verifying host keys using DNS",
    ),
    (
        "debian/openssl/README.optimization",
        "find which directories the dynamic linker searches for cpu-optimized openssl libraries",
        "openssl ships optimized libraries for some cpus.",
    ),
    (
        "debian/fakeroot/README.saving",
        "keep the fakeroot environment between sessions",
        "The fakeroot environment can be saved for later use",
    ),
    (
        "debian/base-files/README.FHS",
        "is /var/mail allowed to be a symlink to the mail spool",
        "/var/mail may be a symbolic link to another directory",
    ),
    (
        "debian/git/contrib/git-jump/README",
        "jump to interesting places of a git project in vim quickfix",
        "Git-jump is a script for helping you jump",
    ),
    (
        "debian/git/contrib/diff-highlight/README",
        "highlight the changed words inside lines of a diff",
        "Line oriented diffs are great for reviewing code",
    ),
    (
        "debian/procps/bugs.md",
        "how to send a useful crash report with a debug build and gdb",
        "with make `CFLAGS=-ggdb -O`",
    ),
    (
        "debian/nodejs/api/punycode.md",
        "is the bundled punycode module deprecated in node",
        "The version of the punycode module bundled in Node.js is being deprecated.",
    ),
    (
        "debian/nodejs/api/string_decoder.md",
        "decode Buffers to strings without splitting multi-byte UTF-8 characters",
        "into strings in a manner that preserves encoded multi-byte UTF-8 and UTF-16",
    ),
    (
        "debian/nodejs/api/corepack.md",
        "tool that manages versions of yarn and pnpm package managers",
        "is an experimental tool to help with\nmanaging versions of your package managers",
    ),
    (
        "debian/nodejs/contributing/offboarding.md",
        "checklist when a collaborator leaves the node project",
        "This document is a checklist of things to do when a collaborator becomes",
    ),
    (
        "debian/libffi8/html/Missing-Features.html",
        "does libffi support bit fields in structs",
        "There is no support for bit fields in structures.",
    ),
    (
        "debian/libffi8/html/Memory-Usage.html",
        "where libffi allocates executable memory for closures and the TMPDIR fallback",
        "<code>LIBFFI_TMPDIR</code>.",
    ),
    (
        "debian/libffi8/html/Thread-Safety.html",
        "switching ABIs changes long double size on PowerPC thread safety",
        "Currently the only affected platform is PowerPC and the only affected",
    ),
    (
        "debian/dpkg/spec/rootless-builds.txt",
        "building Debian packages without fakeroot privileges",
        "Traditionally, Debian packages have required (fake)root privileges",
    ),
    (
        "debian/systemd/README.logs",
        "where did the text log files in /var/log go; use journalctl",
        "You are looking for the traditional text log files in /var/log",
    ),
    (
        "debian/util-linux/cal.txt",
        "how cal computes the weekday of any Gregorian date",
        'Gregorian date was "reverse engineered"',
    ),
    (
        "debian/util-linux/col.txt",
        "history of the col -h and -x options in BSD and SVID",
        "Just before 4.3BSD went out, CSRG updated the manual",
    ),
    (
        "debian/util-linux/howto-debug.txt",
        "debugging util-linux binaries that are libtool wrapper scripts",
        "The binary itself is located in the mount/.libs/ directory",
    ),
    (
        "debian/git/RelNotes/2.39.4.txt",
        "recursive clone on case-insensitive filesystem symlink vulnerability",
        "Recursive clones on case-insensitive filesystems that support symbolic",
    ),
    (
        "debian/git/RelNotes/2.30.6.txt",
        "local clone dereferences symbolic links in the source repository security fix",
        "When relying on the `--local` clone optimization, Git dereferences",
    ),
    (
        "debian/git/RelNotes/1.7.2.txt",
        "core.autocrlf made safer for line endings",
        "core.autocrlf has been made safer",
    ),
    (
        "debian/valgrind/README",
        "what is valgrind: a framework for dynamic analysis tools detecting memory errors",
        "Valgrind is a framework for building dynamic analysis tools.",
    ),
    (
        "debian/gnupg/README.Debian",
        "where are GnuPG 2 secret keys stored now that secring.gpg is gone",
        "secret keys are no longer stored in $GNUPGHOME/secring.gpg",
    ),
    (
        "debian/wget/README",
        "non-interactive download utility that mirrors web sites recursively",
        "GNU Wget is a free utility for non-interactive download of files from",
    ),
    (
        "debian/python3-yaml/README.md",
        "force building PyYAML with the LibYAML C bindings",
        "To skip the check and force installation of LibYAML bindings",
    ),
]

out = []
for i, (path, query, quote) in enumerate(Q, 1):
    text = (pathlib.Path("eval/corpus") / path).read_text(encoding="utf-8", errors="replace")
    n = text.count(quote)
    if n != 1:
        raise SystemExit(f"{path}: the quote of query {i} occurs {n} times, not once: {quote[:50]!r}")
    out.append({"id": f"q{i:03d}", "query": query, "path": path, "quote": quote})
pathlib.Path("eval/queries.jsonl").write_text("".join(json.dumps(o, ensure_ascii=False) + "\n" for o in out))
sys.stdout.write(f"{len(out)} queries\n")
