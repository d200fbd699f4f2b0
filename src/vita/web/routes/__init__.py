"""The app's routes, one router per area: host, games, tables, play, pages."""
