package atendimento

// Development login. With the local messaging stub nothing reaches an
// operator's phone, so a development runner (the emulator) sets
// Config.ShowCodes: the login pages say so in a banner and the code page
// shows the code just issued. Codes are still issued, checked, throttled and
// expired exactly as in production; only their delivery differs.

// shownCode is the code the code page shows: the one just issued with
// ShowCodes, else nothing. An empty code (none issued: a code sent moments
// ago is still valid, or the number is not an operator's) shows nothing
// either, and the page says to use the code shown before.
func (c *Console) shownCode(code string) string {
	if !c.cfg.ShowCodes {
		return ""
	}
	return code
}
