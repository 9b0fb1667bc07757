package agent

// EstimateUsage approximates the token counts of answering req with answer,
// from byte counts (about four bytes per token), for the offline models
// (replay, demo) that have no provider to report usage, so their
// conversations still show plausible figures in the log and the cost report.
func EstimateUsage(req Request, answer string) (input, output int) {
	n := len(req.SystemPrompt())
	for _, t := range req.History {
		n += len(t.Text)
	}
	return estimateTokens(n), estimateTokens(len(answer))
}

func estimateTokens(bytes int) int {
	return (bytes + 3) / 4
}
