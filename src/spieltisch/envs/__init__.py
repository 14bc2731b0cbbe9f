"""Adapters to other ecosystems: PettingZoo (``envs.pettingzoo``) and OpenSpiel
(``envs.openspiel``).

Both are hosts like the terminal or the simulator: they talk to a game only through the core
contract (``legal_actions``, ``apply``, ``view``, ``result``), give an agent only its seat's view,
and import their ecosystem's package inside their own module, so the engine works without the
research extras installed.
"""
