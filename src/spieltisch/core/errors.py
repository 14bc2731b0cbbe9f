"""Errors a caller can act on. Each carries a sentence a person understands."""


class SpieltischError(Exception):
    """Base of every error spieltisch raises on purpose."""


class IllegalAction(SpieltischError):
    """An action that the rules do not allow now. Raised before the state changes."""


class OptionError(SpieltischError):
    """An unknown option, or a value that does not fit the option's declaration."""


class RecordError(SpieltischError):
    """A record or position that cannot be read."""
