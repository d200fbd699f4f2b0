"""The server's logs: one line per event, as text or as JSON, never a secret.

Every handler carries :class:`~vita.web.security.RedactSecrets`, so tokens and keys are
removed from whatever reaches it, whichever logger sent it. An exception's traceback stays
on the event's line (folded with `` | `` in text, a field in JSON), so a log collector never
sees a stack split into lines that look like events of their own.
"""

from __future__ import annotations

import logging
from typing import Any

from pythonjsonlogger.json import JsonFormatter
from uvicorn.logging import AccessFormatter

_TEXT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
_ACCESS_TEXT = '%(asctime)s %(levelname)s %(name)s: %(client_addr)s "%(request_line)s" %(status_code)s'


def _fold(text: str) -> str:
    return " | ".join(line for line in text.splitlines() if line.strip())


class TextFormatter(logging.Formatter):
    """Plain text, one line per event (a traceback folded onto it)."""

    def format(self, record: logging.LogRecord) -> str:
        return _fold(super().format(record))


class AccessText(AccessFormatter):
    """uvicorn's access formatter, one line per request."""

    def __init__(self, fmt: str | None = None, datefmt: str | None = None) -> None:
        super().__init__(fmt, datefmt, use_colors=False)

    def format(self, record: logging.LogRecord) -> str:
        return _fold(super().format(record))


class JsonLines(JsonFormatter):
    """A JSON object per line: ``time``, ``level``, ``logger``, ``message`` and, for a request,
    ``client``, ``method``, ``path``, ``status``; a traceback as ``exc_info``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("rename_fields", {"asctime": "time", "levelname": "level", "name": "logger"})
        super().__init__("%(asctime)s %(levelname)s %(name)s %(message)s", *args, **kwargs)

    def add_fields(self, log_data: dict[str, Any], record: logging.LogRecord, message_dict: dict[str, Any]) -> None:
        super().add_fields(log_data, record, message_dict)
        args = record.args
        if record.name == "uvicorn.access" and isinstance(args, tuple) and len(args) == 5:
            client, method, path, _, status = args
            log_data.update(client=client, method=method, path=path, status=status)


def logging_config(log_format: str = "text", access_log: bool = True) -> dict[str, Any]:
    """A :func:`logging.config.dictConfig` for uvicorn and vita (``log_format``: text | json)."""
    json_lines = log_format == "json"
    plain = {"()": JsonLines} if json_lines else {"()": TextFormatter, "fmt": _TEXT}
    access = {"()": JsonLines} if json_lines else {"()": AccessText, "fmt": _ACCESS_TEXT}
    redact = {"()": "vita.web.security.RedactSecrets"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"redact": redact},
        "formatters": {"plain": plain, "access": access},
        "handlers": {
            "plain": {"class": "logging.StreamHandler", "formatter": "plain", "filters": ["redact"],
                      "stream": "ext://sys.stderr"},
            "access": {"class": "logging.StreamHandler", "formatter": "access", "filters": ["redact"],
                       "stream": "ext://sys.stdout"},
        },
        "loggers": {
            "uvicorn": {"handlers": ["plain"], "level": "INFO", "propagate": False},
            "uvicorn.error": {"handlers": ["plain"], "level": "INFO", "propagate": False},
            "uvicorn.access": {"handlers": ["access"], "level": "INFO" if access_log else "WARNING",
                               "propagate": False},
            "vita": {"handlers": ["plain"], "level": "INFO", "propagate": False},
        },
    }


__all__ = ["AccessText", "JsonLines", "TextFormatter", "logging_config"]
