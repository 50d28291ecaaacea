"""The person's calendar as iCalendar (issue 29 items 4–6): events out (`export`), events in (`importer`),
the subscription tokens and the installation's UID secret (`store`)."""
