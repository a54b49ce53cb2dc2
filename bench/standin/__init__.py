"""A loopback stand-in for Discord: a gateway (websocket) and an HTTP API on 127.0.0.1.

The real bot runs in its own process and connects to it as it would to Discord: every
gateway event reaches it as compressed JSON text, every answer leaves through aiohttp.
Behind the HTTP API, the offline test harness's recorder answers each route as Discord
does. Players (bench/standin/players.py) click through the gateway and read the answers
the bot sends over HTTP.

Nothing is imported here: the bot's process chooses its speed-ups before discord is.
"""
