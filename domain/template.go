package domain

// TemplateSend is the approved template message an operator sent when the
// 24-hour customer-service window had closed: the outbox sends it as a
// template (the platform refuses free text then), and the log shows Content,
// its body as the customer reads it.
type TemplateSend struct {
	Name     string   `dynamodbav:"name" json:"name"`
	Language string   `dynamodbav:"language" json:"language"`
	Params   []string `dynamodbav:"params,omitempty" json:"params,omitempty"`
}
