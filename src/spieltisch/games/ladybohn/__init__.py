"""Ladybohn (sheet 001): Ladys, Make-up beans, the Ratio Field and the fans."""
