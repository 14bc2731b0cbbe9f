"""Terminal hosts: people and bots at one screen. Rules stay in games/; this only shows views
and reads what people type."""
