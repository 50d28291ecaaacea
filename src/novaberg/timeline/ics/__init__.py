"""The person's calendar as iCalendar: events out (`export`), events in (`importer`),
the subscription tokens and the installation's UID secret (`store`)."""
