package app.embouchure.trumpet;

import android.content.Intent;
import android.net.Uri;
import android.os.Bundle;
import androidx.core.content.IntentCompat;
import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {

    @Override
    protected void onCreate(Bundle savedInstanceState) {
        // Before the bridge reads the launch intent (Bridge keeps its data as the launch URL).
        setIntent(sharedFileAsView(getIntent()));
        super.onCreate(savedInstanceState);
    }

    @Override
    protected void onNewIntent(Intent intent) {
        super.onNewIntent(sharedFileAsView(intent));
    }

    /**
     * A file shared to the app (SEND with the file in EXTRA_STREAM) as the VIEW intent that
     * Capacitor's App plugin reports to the web app as `appUrlOpen` (it hears VIEW only). The copy
     * keeps the sender's flags and ClipData, so the read permission granted with it still holds.
     * The pieces library then imports the file (src/native/opened-files.ts, src/pieces/OpenWith.tsx).
     */
    static Intent sharedFileAsView(Intent intent) {
        if (intent == null || !Intent.ACTION_SEND.equals(intent.getAction())) return intent;
        Uri stream = IntentCompat.getParcelableExtra(intent, Intent.EXTRA_STREAM, Uri.class);
        if (stream == null) return intent;
        Intent view = new Intent(intent);
        view.setAction(Intent.ACTION_VIEW);
        view.setDataAndType(stream, intent.getType());
        return view;
    }
}
