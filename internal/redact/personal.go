package redact

import "regexp"

// personalShapes are the personal data a provider's error may quote (a CRM
// refusing an e-mail, an ERP refusing a document), each replaced by Mark:
// e-mail addresses, and CPF and CNPJ written with their punctuation.
// Written as bare digits, a document is a run of digits like a phone's and
// Phones masks it to its last four.
var personalShapes = []*regexp.Regexp{
	regexp.MustCompile(`[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+`),
	regexp.MustCompile(`\b[0-9]{3}\.[0-9]{3}\.[0-9]{3}-[0-9]{2}\b`),
	regexp.MustCompile(`\b[0-9]{2}\.[0-9]{3}\.[0-9]{3}/[0-9]{4}-[0-9]{2}\b`),
}

// Personal is text with the personal data it may quote masked: e-mail
// addresses and punctuated CPF/CNPJ replaced by Mark, phones (and bare
// documents) masked by Phones. A name has no shape: a caller that knows the
// person's values removes them literally with New(values...).String first.
func Personal(text string) string {
	for _, re := range personalShapes {
		text = re.ReplaceAllString(text, Mark)
	}
	return Phones(text)
}
