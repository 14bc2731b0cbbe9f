"""The Giuthi-family mancala of sheet 003, and the Kalah preset."""
