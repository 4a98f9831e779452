package app.embouchure.trumpet;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
