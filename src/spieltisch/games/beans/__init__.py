"""The bean engine shared by the bean games (Bohnanza, Ladybohn, Mutterböhnchen): card data,
fields, harvests, and trading. Not a game of its own: each game package builds on it."""
