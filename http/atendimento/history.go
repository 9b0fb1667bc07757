package atendimento

// ConversationURL is the console page of one conversation, for pages outside
// the console that link to it (the admin conversation list).
func ConversationURL(phone, sessionID string) string { return conversationURL(phone, sessionID) }
