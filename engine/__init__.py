"""The rules, pure: no Discord, no I/O, no asyncio. Randomness comes in as a deck order."""
