"""Offline harness for the Discord layer: the real bot, a recorder in place of Discord.

Use the `harness` fixture (tests/conftest.py), which yields a started Harness:

    h.user(name) -> User                 a guild member who can run commands
    await h.slash(user, "gff rules", **options) -> Interaction
                                         options are checked against the synced schema
    await h.click(user, message, custom_id, values=None) -> Interaction
    h.last_response(user) -> Message     latest message made or changed for that user
    h.public_messages(channel=None)      messages everyone in the channel sees
    h.ephemeral_for(user)                messages only that user sees
    h.visible_to(user)                   both, in order
    h.expect_error(pattern)              a block in which that ERROR log is expected
    h.commands                           the schema the bot synced
    h.recorder.requests                  every request the bot made, in order
    await h.restart()                    a new bot process on the same database
    await h.add_channel(name), await h.add_thread(name)   more places to play

A Message has .content, .embeds, .embed, .components, .custom_ids, .buttons, .flags,
.ephemeral, .viewer, .versions (earlier versions after edits), .attachments (with bytes),
.pinged (user ids a new message notified), .deleted and .text().

Each slash or click waits for every task its dispatch started, then fails on any unknown
route or unexpected ERROR log; the fixture checks both again at teardown.
"""

from tests.harness.errors import ErrorLog
from tests.harness.harness import Harness
from tests.harness.messages import EPHEMERAL, Attachment, Interaction, Message
from tests.harness.payloads import Channel, Thread, User
from tests.harness.recorder import Recorder, UnknownRoute
from tests.harness.schema import CommandError, every_command

__all__ = [
    "EPHEMERAL",
    "Attachment",
    "Channel",
    "CommandError",
    "ErrorLog",
    "Harness",
    "Interaction",
    "Message",
    "Recorder",
    "Thread",
    "UnknownRoute",
    "User",
    "every_command",
]
