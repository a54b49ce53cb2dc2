"""What every game's table UI shares: the presenter, the hand controls, the persistent
controls, the commands, and the table cog that holds them (the extension
`cogs.table.cog`, loaded by the first game's cog that needs it)."""
