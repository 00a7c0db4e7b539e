// QuickLog
