package session

// Replies go to the number the platform gave, which is not always the
// conversation's phone: the platform's wa_id of a Brazilian mobile often
// lacks the ninth digit that the conversation's identity carries, and the
// platform delivers to the form it gave. The session keeps the form the
// platform last gave (domain.Session.ReplyTo) and every reply committed
// after it carries that number (domain.Message.ReplyTo), so a reply sent
// again after a restart goes where the first attempt went.

// replyTo is the number the conversation replies to after turn t: the form
// the platform gave with the turn's last customer message ("" when it gave
// the identity itself), or was for a turn without customer messages (an
// operator's command).
func replyTo(t *turn, was string) string {
	if n := len(t.turns); n > 0 {
		return t.turns[n-1].GetReplyTo()
	}
	return was
}
