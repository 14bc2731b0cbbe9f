"""Simulation, tournaments and benchmarks: hosts that play many games with bots."""
