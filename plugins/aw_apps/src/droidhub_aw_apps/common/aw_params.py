"""Params stored with the keys AndroidWorld's generators write, and only those.

AW's ``generate_random_params`` returns a dict that holds a key only when the generator
put it there: a delete task without noise has no ``noise_row_objects``, a Markor edit
without a header has no ``header``. A pydantic model would dump every field with its
default; :class:`SparseParams` dumps only the fields the generator set, so stored
params (results, fixtures, ``droidhub list``) name exactly what AW's would, while the
task still reads every field, defaults included.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, SerializerFunctionWrapHandler, model_serializer


class SparseParams(BaseModel):
    """A params model whose dump leaves out the fields nobody set."""

    @model_serializer(mode="wrap")
    def _only_set_fields(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data = handler(self)
        return {k: v for k, v in data.items() if k in self.model_fields_set}
