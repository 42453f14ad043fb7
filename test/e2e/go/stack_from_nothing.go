package main

import (
	"github.com/pipestack/pulumi-pipestack/sdk/go/pipestack"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

// stackFromNothing is examples/stack-from-nothing in Go (PIPESTACK_E2E_PROGRAM=stack-from-nothing,
// run by test/e2e/go-stack-from-nothing.test.ts): a connection, a log source on it, a saved search
// and a dashboard tile on that source, an alert on the search and the webhook it notifies.
func stackFromNothing(ctx *pulumi.Context) error {
	cfg := config.New(ctx, "")
	db, err := pipestack.NewStackConnection(ctx, "analytics-db", &pipestack.StackConnectionArgs{
		Host:     pulumi.String("https://db.example.com:8443"),
		Username: pulumi.String("stack_reader"),
		Password: cfg.RequireSecret("dbPassword"),
	})
	if err != nil {
		return err
	}
	logs, err := pipestack.NewStackSource(ctx, "logs", &pipestack.StackSourceArgs{
		Kind:                         pipestack.StackSourceKindLog,
		ConnectionId:                 db.ID(),
		From:                         pipestack.StackSourceFromArgs{DatabaseName: pulumi.String("otel"), TableName: pulumi.String("otel_logs")},
		TimestampValueExpression:     pulumi.String("TimestampTime"),
		DefaultTableSelectExpression: pulumi.String("Timestamp, ServiceName, SeverityText, Body"),
		ServiceNameExpression:        pulumi.String("ServiceName"),
		SeverityTextExpression:       pulumi.String("SeverityText"),
		BodyExpression:               pulumi.String("Body"),
	})
	if err != nil {
		return err
	}
	errors, err := pipestack.NewStackSavedSearch(ctx, "checkout-errors", &pipestack.StackSavedSearchArgs{
		SourceId: logs.ID(),
		Where:    pulumi.String("ServiceName:checkout SeverityText:error"),
		Select:   pulumi.String("Timestamp, Body"),
	})
	if err != nil {
		return err
	}
	_, err = pipestack.NewStackDashboard(ctx, "checkout", &pipestack.StackDashboardArgs{
		Tiles: pipestack.StackDashboardTileArray{pipestack.StackDashboardTileArgs{
			Name: pulumi.String("Errors"),
			X:    pulumi.Int(0),
			Y:    pulumi.Int(0),
			W:    pulumi.Int(12),
			H:    pulumi.Int(4),
			Config: pipestack.StackDashboardTileConfigArgs{
				DisplayType: pipestack.StackDashboardTileConfigDisplayTypeLine,
				SourceId:    logs.ID(),
				Select: pipestack.StackDashboardTileConfigSelectArray{pipestack.StackDashboardTileConfigSelectArgs{
					AggFn: pipestack.StackDashboardTileConfigSelectAggFnCount,
					Where: pulumi.String("SeverityText:error"),
				}},
				GroupBy: pulumi.String("ServiceName"),
			},
		}},
	})
	if err != nil {
		return err
	}
	hook, err := pipestack.NewStackWebhook(ctx, "checkout-hook", &pipestack.StackWebhookArgs{Url: pulumi.String("https://hooks.example.com/checkout")})
	if err != nil {
		return err
	}
	_, err = pipestack.NewStackAlert(ctx, "checkout-error-burst", &pipestack.StackAlertArgs{
		Source:        pipestack.StackAlertSourceSavedSearch,
		SavedSearchId: errors.ID(),
		Threshold:     pulumi.Float64(5),
		ThresholdType: pipestack.StackAlertThresholdTypeAbove,
		Interval:      pipestack.StackAlertIntervalMinutes5,
		Channels:      pipestack.StackAlertChannelArray{pipestack.StackAlertChannelArgs{Type: pulumi.String("webhook"), WebhookId: hook.ID()}},
	})
	if err != nil {
		return err
	}
	ctx.Export("connectionId", db.ID())
	ctx.Export("sourceId", logs.ID())
	ctx.Export("passwordFingerprint", db.Password)
	return nil
}
