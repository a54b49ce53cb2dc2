"""Answers to clicks, edits of those answers and of the table messages, that read nothing back.

discord.py's `InteractionResponse.edit_message` asks Discord to return the updated
message (`with_response`) and parses it, every component included, into an
`InteractionMessage`; `Interaction.edit_original_response` parses the edited message
too. The bot never reads either: after a click it knows what it sent. These send the
same request through discord.py's own webhook adapter (so its rate limits, retries
and errors apply as ever) and drop the answer unparsed. Measured in `bench/bot.py`:
that parsing was about a fifth of a click's cost in discord.py (2.7.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from discord.http import Route, handle_message_parameters
from discord.webhook.async_ import async_context, interaction_message_response_params

# What is sent as a message's components: a discord.py View, or any object with what
# discord.py reads of one (cogs/table/components.py's RenderedView).
View = Any

# Discord's interaction callback types: a new message; the clicked message updated in place.
NEW_MESSAGE = discord.InteractionResponseType.channel_message
UPDATE_MESSAGE = discord.InteractionResponseType.message_update


async def answer_privately(
    interaction: discord.Interaction, *, embed: discord.Embed, view: View,
    file: discord.File = discord.utils.MISSING,
) -> None:
    """Answer with a new message only the user sees, as `response.send_message(...,
    ephemeral=True)` does, without asking for the message back."""
    flags = discord.MessageFlags._from_value(0)
    flags.ephemeral = True
    await _respond(interaction, NEW_MESSAGE, embed=embed, view=view, file=file, flags=flags)


async def update_clicked(
    interaction: discord.Interaction, *, content: str | None = discord.utils.MISSING,
    embed: discord.Embed | None = discord.utils.MISSING,
    view: View | None = discord.utils.MISSING,
    attachments: Sequence[discord.File] = discord.utils.MISSING,
) -> None:
    """Answer a click by editing the message clicked, as `response.edit_message` does,
    without asking for the edited message back. The interaction's response then counts
    as done, as after discord.py's own answer."""
    await _respond(interaction, UPDATE_MESSAGE, content=content, embed=embed, view=view,
                   attachments=attachments)


async def _respond(
    interaction: discord.Interaction, kind: discord.InteractionResponseType, **fields: Any
) -> None:
    response = interaction.response
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    params = interaction_message_response_params(
        type=kind.value, previous_allowed_mentions=interaction._state.allowed_mentions,
        **fields,
    )
    route = Route("POST", "/interactions/{webhook_id}/{webhook_token}/callback",
                  webhook_id=interaction.id, webhook_token=interaction.token)
    await _request(interaction, route, params)
    response._response_type = kind


async def edit_answer(
    interaction: discord.Interaction, *, embed: discord.Embed | None = discord.utils.MISSING,
    view: View | None = discord.utils.MISSING,
    attachments: Sequence[discord.File] = discord.utils.MISSING,
) -> None:
    """Edit the interaction's answer (its `@original` message), as
    `edit_original_response` does, leaving the edited message unparsed."""
    state = interaction._state
    with handle_message_parameters(
        embed=embed, view=view, attachments=attachments,
        previous_allowed_mentions=state.allowed_mentions,
    ) as params:
        route = Route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
                      webhook_id=interaction.application_id, webhook_token=interaction.token)
        await _request(interaction, route, params)


async def edit_message(
    channel: discord.abc.Messageable, message_id: int, *, embed: discord.Embed,
    attachments: Sequence[discord.File] = discord.utils.MISSING,
) -> None:
    """Edit a message the bot posted, as `PartialMessage.edit` does, leaving Discord's
    answer unparsed: a table's message is edited at every paced change, and the bot
    knows what it sent."""
    state = channel._state  # type: ignore[union-attr]
    with handle_message_parameters(
        embed=embed, attachments=attachments, previous_allowed_mentions=state.allowed_mentions,
    ) as params:
        await state.http.edit_message(channel.id, message_id, params=params)  # type: ignore[union-attr]


async def _request(interaction: discord.Interaction, route: Route, params: Any) -> None:
    http = interaction._state.http
    sent: dict[str, Any] = {"session": interaction._session, "proxy": http.proxy,
                            "proxy_auth": http.proxy_auth}
    if params.files:
        sent.update(files=params.files, multipart=params.multipart)
    else:
        sent.update(payload=params.payload)
    await async_context.get().request(route, **sent)
