"""Android's ``content`` command through a :class:`Device`: query, insert, update and
delete on a content provider's URI, with values bound by type and rows parsed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from droidhub.device.parsers import parse_content_rows
from droidhub.device.quoting import bind_value, join
from droidhub.device.transport import DeviceError

if TYPE_CHECKING:
    from droidhub.device.client import Device

Values = Mapping[str, str | int | float | bool]


def _run(device: Device, args: list[str]) -> str:
    output = device.shell(["content", *args])
    # The content command reports a provider failure on stderr and still exits 0.
    if "Error while accessing provider" in output or "[ERROR]" in output:
        raise DeviceError(f"`{join(['content', *args])}` failed: {output.strip()}")
    return output


def _bound(verb: str, uri: str, values: Values) -> list[str]:
    """``content VERB --uri URI --bind ...``: str -> ``s``, int -> ``i`` (``l`` beyond
    32 bits), float -> ``d``, bool -> ``b``, None -> ``n``."""
    if not values:
        raise ValueError(f"content {verb} of {uri}: no values given")
    args = [verb, "--uri", uri]
    for column, value in values.items():
        args += ["--bind", bind_value(column, value)]
    return args


def query(
    device: Device,
    uri: str,
    projection: Sequence[str] | None = None,
    where: str | None = None,
    sort: str | None = None,
) -> list[dict[str, str | None]]:
    """``content query``, parsed into one dict per row (``NULL`` becomes None).

    Pass ``projection`` when values may hold text like ``", name="``: with the column
    names known each value is cut exactly; without them the columns are inferred from
    the rows, which one row alone cannot always settle.
    """
    args = ["query", "--uri", uri]
    if projection:
        args += ["--projection", ":".join(projection)]
    if where:
        args += ["--where", where]
    if sort:
        args += ["--sort", sort]
    return parse_content_rows(_run(device, args), projection)


def insert(device: Device, uri: str, values: Values) -> None:
    """``content insert`` with each value bound by its Python type."""
    _run(device, _bound("insert", uri, values))


def update(device: Device, uri: str, values: Values, where: str | None = None) -> None:
    """``content update`` of the rows ``where`` selects (all rows without it)."""
    args = _bound("update", uri, values)
    if where:
        args += ["--where", where]
    _run(device, args)


def delete(device: Device, uri: str, where: str | None = None) -> None:
    """``content delete`` of the rows ``where`` selects (all rows without it)."""
    args = ["delete", "--uri", uri]
    if where:
        args += ["--where", where]
    _run(device, args)
