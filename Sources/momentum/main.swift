import MomentumApp
MomentumMain.main()
