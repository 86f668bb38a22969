/// The HTML report's stylesheet and its 3D viewer (plain JavaScript on a 2D canvas: no network, no
/// libraries, no WebGL needed).
enum ReportViewerScript {
    /// The page's CSS.
    static let css = #"""
        body{margin:0;font-family:sans-serif;color:#222;background:#fafafa}
        header{padding:12px 16px;background:#263238;color:#fff}
        header h1{margin:0;font-size:20px}
        header p{margin:4px 0 0 0;font-size:13px}
        section{padding:8px 16px}
        h2{font-size:17px;margin:12px 0 6px 0}
        h3{font-size:14px;margin:8px 0 4px 0}
        figure{display:inline-block;vertical-align:top;margin:0 16px 12px 0;background:#fff;border:1px solid #ddd}
        figcaption{font-size:12px;padding:4px 6px;color:#555;max-width:640px}
        figure svg{display:block;max-width:100%;height:auto}
        table{border-collapse:collapse;font-size:12px;margin-bottom:12px;background:#fff}
        th,td{border:1px solid #ddd;padding:2px 6px;text-align:right}
        th{background:#eee}
        td.l,th.l{text-align:left}
        .legend{font-size:12px;color:#444;max-width:900px}
        .swatch{display:inline-block;width:12px;height:12px;vertical-align:middle;border:1px solid #999;margin:0 3px 0 8px}
        .warn{color:#b03a2e}
        #view3d{background:#fff;border:1px solid #ddd;cursor:grab;display:block}
        .controls{font-size:13px;margin:6px 0}
        """#

    /// The 3D viewer: reads the JSON in `#model-data` (`c`: colours, `f`: faces as [colour, x, y, z, …],
    /// `b`: bounds, `p`: base64 little-endian Int16 point triples in centimetres from `o`), draws on
    /// `#view3d` with painter's sorting, the faces clipped at the section height; drag to orbit, wheel to
    /// zoom.
    static let js = #"""
        (function(){
        var D=JSON.parse(document.getElementById('model-data').textContent);
        var cv=document.getElementById('view3d'),ctx=cv.getContext('2d');
        var cutIn=document.getElementById('cut'),cutOut=document.getElementById('cut-value'),ptsIn=document.getElementById('show-points');
        var b=D.b,c=[(b[0]+b[3])/2,(b[1]+b[4])/2,(b[2]+b[5])/2];
        var r=Math.max(b[3]-b[0],b[4]-b[1],b[5]-b[2],1);
        var yaw=0.7,pitch=0.75,dist=r*1.9,cut=b[4]+0.01;
        cutIn.min=b[1].toFixed(2);cutIn.max=(b[4]+0.01).toFixed(2);cutIn.step='0.01';cutIn.value=cut.toFixed(2);
        var bin=atob(D.p),n=Math.floor(bin.length/6),P=new Float32Array(n*3);
        for(var i=0;i<n*3;i++){var v=bin.charCodeAt(2*i)|(bin.charCodeAt(2*i+1)<<8);if(v>32767)v-=65536;P[i]=v/100+D.o[i%3];}
        var L=[0.35,0.8,0.5],ln=Math.hypot(L[0],L[1],L[2]);L=[L[0]/ln,L[1]/ln,L[2]/ln];
        function clip(poly){var out=[];for(var i=0;i<poly.length;i++){var a=poly[i],q=poly[(i+1)%poly.length];
          var ina=a[1]<=cut,inb=q[1]<=cut;if(ina)out.push(a);
          if(ina!==inb){var t=(cut-a[1])/(q[1]-a[1]);out.push([a[0]+t*(q[0]-a[0]),cut,a[2]+t*(q[2]-a[2])]);}}return out;}
        function draw(){
          var W=cv.width,H=cv.height;ctx.fillStyle='#fff';ctx.fillRect(0,0,W,H);
          var cy=Math.cos(yaw),sy=Math.sin(yaw),cp=Math.cos(pitch),sp=Math.sin(pitch),f=Math.min(W,H)*1.1;
          function view(p){var x=p[0]-c[0],y=p[1]-c[1],z=p[2]-c[2];var x1=cy*x-sy*z,z1=sy*x+cy*z;
            return [x1,cp*y+sp*z1,-sp*y+cp*z1+dist];}
          var list=[];
          for(var k=0;k<D.f.length;k++){var e=D.f[k],poly=[];for(var j=1;j+2<e.length;j+=3)poly.push([e[j],e[j+1],e[j+2]]);
            var a=poly[0],u=[poly[1][0]-a[0],poly[1][1]-a[1],poly[1][2]-a[2]],w=[poly[2][0]-a[0],poly[2][1]-a[1],poly[2][2]-a[2]];
            var nx=u[1]*w[2]-u[2]*w[1],ny=u[2]*w[0]-u[0]*w[2],nz=u[0]*w[1]-u[1]*w[0],nl=Math.hypot(nx,ny,nz)||1;
            var shade=0.55+0.45*Math.abs((nx*L[0]+ny*L[1]+nz*L[2])/nl);
            poly=clip(poly);if(poly.length<3)continue;
            var vs=poly.map(view),depth=0,ok=true;for(var m=0;m<vs.length;m++){depth+=vs[m][2];if(vs[m][2]<0.05)ok=false;}
            if(!ok)continue;list.push([depth/vs.length,vs,e[0],shade]);}
          list.sort(function(p,q){return q[0]-p[0];});
          for(var k=0;k<list.length;k++){var it=list[k],col=D.c[it[2]],s=it[3];ctx.beginPath();
            for(var m=0;m<it[1].length;m++){var v=it[1][m],X=W/2+f*v[0]/v[2],Y=H/2-f*v[1]/v[2];if(m)ctx.lineTo(X,Y);else ctx.moveTo(X,Y);}
            ctx.closePath();ctx.fillStyle='rgba('+Math.round(col[0]*s)+','+Math.round(col[1]*s)+','+Math.round(col[2]*s)+','+col[3]+')';
            ctx.fill();ctx.strokeStyle='rgba(0,0,0,0.25)';ctx.lineWidth=0.5;ctx.stroke();}
          if(ptsIn.checked&&n>0){var img=ctx.getImageData(0,0,W,H),d=img.data,span=Math.max(b[4]-b[1],0.1);
            for(var i=0;i<n;i++){var x=P[3*i],y=P[3*i+1],z=P[3*i+2];if(y>cut)continue;var v=view([x,y,z]);if(v[2]<0.05)continue;
              var X=Math.round(W/2+f*v[0]/v[2]),Y=Math.round(H/2-f*v[1]/v[2]);if(X<0||Y<0||X>=W||Y>=H)continue;
              var t=Math.min(1,Math.max(0,(y-b[1])/span)),o=4*(Y*W+X);d[o]=Math.round(30+200*t);d[o+1]=Math.round(90+60*(1-t));d[o+2]=Math.round(200-170*t);d[o+3]=255;}
            ctx.putImageData(img,0,0);}
          cutOut.textContent=(cut>=b[4]?'none':cut.toFixed(2)+' m');}
        var drag=null;
        cv.addEventListener('mousedown',function(e){drag=[e.clientX,e.clientY];});
        window.addEventListener('mouseup',function(){drag=null;});
        window.addEventListener('mousemove',function(e){if(!drag)return;yaw+=(e.clientX-drag[0])*0.01;
          pitch=Math.max(-1.5,Math.min(1.5,pitch+(e.clientY-drag[1])*0.01));drag=[e.clientX,e.clientY];draw();});
        cv.addEventListener('wheel',function(e){e.preventDefault();dist*=e.deltaY>0?1.1:1/1.1;draw();},{passive:false});
        cutIn.addEventListener('input',function(){cut=parseFloat(cutIn.value);draw();});
        ptsIn.addEventListener('change',draw);
        draw();
        })();
        """#
}
