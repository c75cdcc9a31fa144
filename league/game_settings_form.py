"""A game's season settings as one form, for its admin inline and its API alike: each field
read by its model field, then the whole checked by the game's rules (their ``errors()``), every
value they refuse shown beside its own field, never a server error (issue #45, item 4)."""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms

from rules.settings import GameSettings


class GameSettingsForm(forms.ModelForm):  # type: ignore[type-arg]
    """A subclass names its settings row (``Meta``) and its rules' settings class; a field
    its own reading refused is not checked again, so each bad value is named once."""

    settings_class: ClassVar[type[GameSettings]]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        names = self.settings_class.__dataclass_fields__
        values = {name: cleaned[name] for name in names if name in cleaned}
        try:
            errors = self.settings_class.from_mapping(values).errors()
        except (TypeError, ValueError) as invalid:
            raise forms.ValidationError(str(invalid)) from None
        for name, message in errors.items():
            if name not in self.errors:
                self.add_error(name if name in self.fields else None, message)
        return cleaned
