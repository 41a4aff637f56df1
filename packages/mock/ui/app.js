// biome-ignore-all lint: generated from ui/src/app.ts
// biome-ignore-all format: generated from ui/src/app.ts
var g,Ae,at,N,ce,te,De,Y,Re,ue,le,it,z=Symbol.for("pv"),ne={},oe=[],ct=/^m(i|n|o|s|text|space)$/,_e=Array.isArray,de=oe.slice,M=Object.assign;function U(t){t&&t.parentNode&&t.remove()}function pe(t,e,n){var o,a,s,r={},c=arguments.length;for(s in e)s=="key"?o=e[s]:s=="ref"&&typeof t!="function"?a=e[s]:r[s]=e[s];return c>2&&(r.children=c>3?de.call(arguments,2):n),W(t,r,o,a,null)}function W(t,e,n,o,a){var s={type:t,props:e,key:n,ref:o,__k:null,__:null,__b:0,__e:null,__c:null,constructor:z,__v:a||++Ae,__i:-1,__u:0};return!a&&g.vnode&&g.vnode(s),s}function se(t){return t.children}function j(t,e){this.props=t,this.context=e,this.__g=0}function A(t,e){if(e==null)return t.__&&A(t.__,t.__i+1);for(var n;e<t.__k.length;e++)if((n=t.__k[e])&&n.__e)return n.__e;return typeof t.type!="function"||t.props.__P?null:A(t)}function lt(t){var e,n=t.__v,o=n.__e,a=[],s=[],r=t.__P;r&&((e=M({constructor:z},n)).__v=n.__v+1,g.vnode&&g.vnode(e),fe(r,e,n,t.__n,r.namespaceURI,32&n.__u?[o]:null,a,o||A(n),32&n.__u,s),e.__v=n.__v,e.__.__k[e.__i]=e,qe(a,e,s),n.__=n.__e=null,e.__e!=o&&Ue(e))}function Ue(t){if((t=t.__)&&t.__c&&!t.props.__P)return t.__e=null,t.__k.some(function(e){return e&&(t.__e=e.__e)}),Ue(t)}function Pe(t){(8&t.__g||(t.__g|=8,N.push(t),te++))&&ce==g.debounceRendering||((ce=g.debounceRendering)||queueMicrotask)(Me)}function Me(){try{for(var t,e=1;N.length;)N.length>e&&N.sort(De),t=N.shift(),e=N.length,8&t.__g&&lt(t)}finally{(te=N.length)&&(ce||queueMicrotask)(Me)}}function Oe(t,e,n,o,a,s,r,c,u,f,l){var d,p,i,h,v,$,y=o.__k||oe,m=e.length;for(u=ut(n,e,y,u,m),d=0;d<m;d++)(i=n.__k[d])!=null&&(p=~i.__i&&y[i.__i]||ne,i.__i=d,$=fe(t,i,p,a,s,r,c,u,f,l),h=i.__e,(p.ref!=i.ref||8&p.__u)&&(p.ref&&he(p.ref,null,i,p),i.ref&&l.push(i.ref,i.__c||h,i)),v=v||h,4&i.__u?(u=Le(i,u,t,!p.__v),p.__e&&(p.__e=null)):typeof i.type=="function"&&$!==void 0?u=$:h&&(u=h.nextSibling),i.__u&=-21);return n.__e=v,u}function ut(t,e,n,o,a){var s,r,c,u,f,l,d,p,i,h=n.length,v=h,$=0,y=0,m=t.__k=Array(a);for(s=0;s<a;s++)(r=e[s])!=null&&typeof r!="boolean"&&typeof r!="function"?(typeof r!="object"||r.constructor===String?r=m[s]=W(null,r):_e(r)?r=m[s]=W(se,{children:r}):r.constructor===z&&r.__b?r=m[s]=W(r.type,r.props,r.key,r.ref,r.__v):m[s]=r,u=s+$,r.__=t,r.__b=t.__b+1,c=null,~(f=r.__i=_t(r,n,u,v))&&(v--,(c=n[f])&&(c.__u|=2)),c&&c.__v?(r.__u|=16,f==u-1?$--:f==u+1?$++:f!=u&&(f>u?$--:$++,y=1)):(~f||(a>h?$--:a<h&&$++),typeof r.type!="function"&&(r.__u|=4))):m[s]=null;if(y){for(l=[],d=[],s=0;s<a;s++)if((r=m[s])&&16&r.__u){for($=0,p=l.length;$<p;)l[i=$+p>>1]<r.__i?$=i+1:p=i;l[$]=r.__i,d[s]=$+1}for($=l.length;s--;)d[s]&&(d[s]==$?$--:m[s].__u|=4)}if(v)for(s=0;s<h;s++)!(c=n[s])||2&c.__u||(c.__e==o&&(o=A(c)),me(c,c));return o}function Le(t,e,n,o){var a,s,r,c;if(typeof t.type=="function"){if(t.props.__P)return e;if(a=t.__k)for(s=0;s<a.length;s++)a[s]&&(a[s].__=t,e=Le(a[s],e,n,!1));return e}for(e&&!e.parentNode&&(e=A(t))&&!e.parentNode&&(e=null),r=t.__e,c=e;c&&c.nodeType==8;)c=c.nextSibling;for(r!=c&&(!o&&n.moveBefore&&r.parentNode?n.moveBefore(r,e):n.insertBefore(r,e||null)),e=r;(e=e&&e.nextSibling)&&e.nodeType==8&&!e.data.startsWith("$s"););return e}function _t(t,e,n,o){var a,s=t.key,r=t.type,c=e[n],u=c&&!(2&c.__u);if(c===null&&s==null||u&&s==c.key&&r==c.type)return n;if(o>(u?1:0)){for(a=n-1;a>=0;a--)if((c=e[a])&&!(2&c.__u)&&s==c.key&&r==c.type)return a;for(a=n+1;a<e.length;a++)if((c=e[a])&&!(2&c.__u)&&s==c.key&&r==c.type)return a}return-1}function Ne(t,e,n){n==null&&(n=""),e[0]=="-"?t.setProperty(e,n):t[e]=n}function X(t,e,n,o,a){var s,r;if(e=="style")if(typeof n=="string")t.style.cssText=n;else{if(typeof o=="string"&&(t.style.cssText=o=""),o)for(e in o)n&&e in n||Ne(t.style,e);if(n)for(e in n)o&&n[e]==o[e]||Ne(t.style,e,n[e])}else if(e[0]=="o"&&e[1]=="n")typeof n!="function"&&(n=null),typeof o!="function"&&(o=null),(t.__e||(t.__e={}))[e]=n,n&&o||(r=le[e]||(le[e]=dt(e)),(t.__a||(t.__a={}))[e]=ue,s=e!=(e=e.replace(Re,"$1")),(e=e.slice(2))[0]<"a"&&(e=e.toLowerCase()),n?t.addEventListener(e,r,s):t.removeEventListener(e,r,s));else{if(a=="http://www.w3.org/2000/svg")e=e.replace(/xlink(H|:h)/,"h").replace(/sName$/,"s");else if(e!="width"&&e!="height"&&e!="href"&&e!="list"&&e!="form"&&e!="tabIndex"&&e!="download"&&e!="rowSpan"&&e!="colSpan"&&e!="role"&&e!="popover"&&e in t)try{return void(t[e]=n??"")}catch{}if(typeof n=="function")return;n==null||n===!1&&e[4]!="-"?t.removeAttribute(e):t.setAttribute(e,e=="popover"&&n==1?"":n)}}function dt(t){return function(e){var n=this.__e;if(n){if(n=n[t],e[Y]==null)e[Y]=ue++;else if(e[Y]<this.__a[t])return;return n(g.event?g.event(e):e)}}}function fe(t,e,n,o,a,s,r,c,u,f){var l,d,p,i,h,v,$,y,m,T,k,ie,Ie,Q,D,Ee,P,R,E=e.type;if(e.constructor!==z)return null;128&n.__u&&(u=32&n.__u,l=n.__c.__z)&&(e.__u|=u,d=s=[],l.nodeType==8?c=ee(l,s):s.push(l),c=s[0]||c),(l=g.__b)&&l(e);e:if(typeof E=="function"){p=r.length;try{if(y=e.props,m=(l=E.prototype)&&l.render,T=(l=E.contextType)&&o[l.__c],k=l?T?T.props.value:l.__:o,(i=n.__c)?(e.__c=i,2&i.__g&&(i.__g|=1)):(m?e.__c=i=new E(y,k):(e.__c=i=new j(y,k),i.constructor=E,i.render=ft),T&&T.sub(i),i.state||(i.state={}),i.__n=o,i.__g|=8,i.__h=[],i.__k=[]),m&&(i.__s||(i.__s=i.state),E.getDerivedStateFromProps&&(i.__s==i.state&&(i.__s=M({},i.__s)),M(i.__s,E.getDerivedStateFromProps(y,i.__s)))),h=i.props,v=i.state,i.__v=e,n.__c){if(y!==h&&m&&!E.getDerivedStateFromProps&&i.componentWillReceiveProps&&i.componentWillReceiveProps(y,k),e.__v==n.__v&&!(8&i.__g)||!(4&i.__g)&&i.shouldComponentUpdate&&i.shouldComponentUpdate(y,i.__s,k)===!1){e.__v!=n.__v&&(i.props=y,i.state=i.__s,i.__g&=-9),e.__e=n.__e,e.__k=n.__k,e.__k.some(function(x){x&&(x.__=e)}),oe.push.apply(i.__h,i.__k),i.__k=[],i.__h.length&&r.push(i),c=A(n);break e}i.componentWillUpdate&&i.componentWillUpdate(y,i.__s,k),m&&i.componentDidUpdate&&i.__h.push(function(){i.componentDidUpdate(h,v,$)})}else m&&!E.getDerivedStateFromProps&&i.componentWillMount&&i.componentWillMount(),m&&i.componentDidMount&&i.__h.push(i.componentDidMount);i.context=k,i.props=y,i.__P=t,i.__g&=-5,ie=g.__r,Ie=m?25:0;do i.__g&=-9,ie&&ie(e),l=i.render(i.props,i.state=i.__s,i.context);while(8&i.__g&&++Ie<25);m&&(oe.push.apply(i.__h,i.__k),i.__k=[]),i.state=i.__s,i.getChildContext&&(o=M({},o,i.getChildContext())),m&&n.__c&&i.getSnapshotBeforeUpdate&&($=i.getSnapshotBeforeUpdate(h,v)),Q=l&&l.type===se&&l.key==null?l.props.children:l,y.__P&&(l=c,a=(t=y.__P).namespaceURI,u=s=null,n.props&&n.props.__P!=t&&(n.__k.some(function(x){x&&me(x,x)}),n.__k=null),c=n.__k?A(n,0):null),c=Oe(t,_e(Q)?Q:[Q],e,n,o,a,s,r,c,u,f),y.__P&&(e.__e=null,c=l),e.__u&=-161,d&&d.some(U),i.__h.length&&r.push(i),1&i.__g&&(i.__g&=-4)}catch(x){if(r.length=p,e.__v=null,u||s)if(x&&x.then){if(e.__u|=128|u,s){for(~(P=s.indexOf(c||void 0))||(P=s.length);(R=s[P-1])&&R.nodeType==8;)P--;for(;P<s.length;P++)if(R=s[P])if(s[P]=null,D){if(R==Ee)break}else{if(R.nodeType!=8)break;R.data.startsWith("$s")&&(Ee=ee(D=R))}}if(!D){for(;c&&c.nodeType==8&&c.nextSibling;)c=c.nextSibling;D=c}(l=ee(D=e.__c.__z||(e.__c.__z=D)))?(e.__e=D,c=l):e.__e=c,c=c&&c.nextSibling}else s&&s.some(U);else e.__e=n.__e;e.__k||(e.__k=n.__k||[]),x&&x.then||He(e),g.__e(x,e,n)}}else c=e.__e=pt(n.__e,e,n,o,a,s,r,u,f,t);return(l=g.diffed)&&l(e),c}function ee(t,e){if(t&&t.nodeType==8&&t.data.startsWith("$s"))for(var n=1;t=t.nextSibling;){if(t.nodeType==8){if(t.data.startsWith("$s"))n++;else if(t.data.startsWith("/$s")&&!--n)return t}e&&e.push(t)}}function He(t){t&&(t.__c&&(t.__c.__g|=4),t.__k&&t.__k.some(He))}function qe(t,e,n){for(var o=0;o<n.length;)he(n[o++],n[o++],n[o++]);g.__c&&g.__c(e,t),t.some(function(a){try{t=a.__h,a.__h=[],t.some(function(s){s.call(a)})}catch(s){g.__e(s,a.__v)}})}function pt(t,e,n,o,a,s,r,c,u,f){var l,d,p,i,h,v,$,y,m=n.props||ne,T=e.props,k=e.type;if(k=="svg"?a="http://www.w3.org/2000/svg":k=="math"?a="http://www.w3.org/1998/Math/MathML":a||(a="http://www.w3.org/1999/xhtml"),s){for(l=0;l<s.length;l++)if((h=s[l])&&(k?h.localName==k:h.nodeType==3)){t=h,s[l]=null;break}}if(!t){if(y=f.ownerDocument||document,!k)return y.createTextNode(T);t=y.createElementNS(a,k,T.is?T:f),c&&(g.__m&&g.__m(e,s),c=!1),s=null}if(k){if(f=k=="template"&&t.content||t,s=k=="textarea"&&T.defaultValue!=null?null:s&&de.call(f.childNodes),!c&&s)for(m={},l=0;l<t.attributes.length;l++)m[(h=t.attributes[l]).name]=h.value;for(l in m)h=m[l],l=="dangerouslySetInnerHTML"?p=h:l=="children"||l in T||l=="value"&&"defaultValue"in T||l=="checked"&&"defaultChecked"in T||X(t,l,null,h,a);for(l in T)h=T[l],l=="children"?i=h:l=="dangerouslySetInnerHTML"?d=h:l=="value"?v=h:l=="checked"?$=h:c&&typeof h!="function"||m[l]===h||X(t,l,h,m[l],a);d?(c||p&&(d.__html==p.__html||d.__html==t.innerHTML)||(t.innerHTML=d.__html),e.__k=[]):(p&&(t.textContent=""),(k=="foreignObject"||a=="http://www.w3.org/1998/Math/MathML"&&ct.test(k))&&(a="http://www.w3.org/1999/xhtml"),Oe(f,_e(i)?i:[i],e,n,o,a,s,r,s?s[0]:n.__k&&A(n,0),c,u),s&&s.some(U)),c&&k!="textarea"||(l="value",k=="progress"&&v==null?t.removeAttribute(l):v==null||v===t[l]&&(k!="progress"||v)||X(t,l,v,m[l],a),l="checked",$!=null&&$!=t[l]&&X(t,l,$,m[l],a))}else m===T||c&&t.data==T||(t.data=T);return t}function he(t,e,n,o){try{typeof t=="function"?e?e.__x=t(e)||1:o&&(o=o.__c||o.__e)&&(e=o.__x)&&(o.__x=null,typeof e=="function"?e():t(null)):t.current=e}catch(a){g.__e(a,n)}}function me(t,e,n){var o,a,s,r;if(g.unmount&&g.unmount(t),!(o=t.ref)||o.current&&o.current!=t.__e||he(o,null,e,t),o=t.__c){if(o.componentWillUnmount)try{o.componentWillUnmount()}catch(c){g.__e(c,e)}o.__P=o.__n=null}if(o=t.__k)for(r=0;r<o.length;r++)o[r]&&me(o[r],e,typeof t.type!="function"||n&&!t.props.__P);!n&&(o=t.__c)&&(o=o.__z)&&(a=ee(o,s=[]))&&(o==t.__e&&s.some(U),U(a),U(o)),n||U(t.__e),t.__e=t.__c=t.__=null}function ft(t,e,n){return this.constructor(t,n)}function ve(t,e){var n,o,a,s;g.__&&g.__(t,e),e.nodeType==9&&(e=e.documentElement),o=(n=t&&32&t.__u)?null:e.__k,e.__k=W(se,{children:[t]}),a=[],s=[],fe(e,e.__k,o||ne,ne,e.namespaceURI,o?null:e.firstChild?de.call(e.childNodes):null,a,o?o.__e:e.firstChild,n,s),qe(a,e.__k,s),e.__k.props.children=null}g={__e:function(t,e,n,o){for(var a,s,r;e=e.__;)if((a=e.__c)&&!(1&a.__g)){a.__g|=4;try{if((r=(s=a.constructor)&&s.getDerivedStateFromError)&&a.setState(s.getDerivedStateFromError(t)),a.componentDidCatch&&(a.componentDidCatch(t,o||{}),r=1),r&&8&a.__g)return void(a.__g|=2)}catch(c){t=c}}throw te=0,t}},Ae=0,at=function(t){return t!=null&&t.constructor===z},j.prototype.setState=function(t,e){var n=this.__s;n&&n!=this.state||(n=this.__s=M({},this.state)),typeof t=="function"&&(t=t(M({},n),this.props)),t&&(M(n,t),this.__v&&(e&&this.__k.push(e),Pe(this)))},j.prototype.forceUpdate=function(t){this.__v&&(this.__g|=4,t&&this.__h.push(t),Pe(this))},j.prototype.render=se,N=[],te=0,De=function(t,e){return t.__v.__b-e.__v.__b},Y=Symbol(),Re=/(PointerCapture)$|Capture$/i,ue=0,le={},it=0;var We=function(t,e,n,o){var a;e[0]=0;for(var s=1;s<e.length;s++){var r=e[s++],c=e[s]?(e[0]|=r?1:2,n[e[s++]]):e[++s];r===3?o[0]=c:r===4?o[1]=Object.assign(o[1]||{},c):r===5?(o[1]=o[1]||{})[e[++s]]=c:r===6?o[1][e[++s]]+=c+"":r?(a=t.apply(c,We(t,c,n,["",null])),o.push(a),c[0]?e[0]|=2:(e[s-2]=0,e[s]=a)):o.push(c)}return o},Fe=new Map;function je(t){var e=Fe.get(this);return e||(e=new Map,Fe.set(this,e)),(e=We(this,e.get(t)||(e.set(t,e=(function(n){for(var o,a,s=1,r="",c="",u=[0],f=function(p){s===1&&(p||(r=r.replace(/^\s*\n\s*|\s*\n\s*$/g,"")))?u.push(0,p,r):s===3&&(p||r)?(u.push(3,p,r),s=2):s===2&&r==="..."&&p?u.push(4,p,0):s===2&&r&&!p?u.push(5,0,!0,r):s>=5&&((r||!p&&s===5)&&(u.push(s,0,r,a),s=6),p&&(u.push(s,p,0,a),s=6)),r=""},l=0;l<n.length;l++){l&&(s===1&&f(),f(l));for(var d=0;d<n[l].length;d++)o=n[l][d],s===1?o==="<"?(f(),u=[u],s=3):r+=o:s===4?r==="--"&&o===">"?(s=1,r=""):r=o+r[0]:c?o===c?c="":r+=o:o==='"'||o==="'"?c=o:o===">"?(f(),s=1):s&&(o==="="?(s=5,a=r,r=""):o==="/"&&(s<5||n[l][d+1]===">")?(f(),s===3&&(u=u[0]),s=u,(u=u[0]).push(2,0,s),s=0):o===" "||o==="	"||o===`
`||o==="\r"?(f(),s=2):r+=o),s===3&&r==="!--"&&(s=4,u=u[0])}return f(),u})(t)),e),arguments,[])).length>1?e:e[0]}var _=je.bind(pe);var V,w,$e,ze,ye=Object.is,K=0,Ye=[],ge=[],b=g,Be=b.__b,Ve=b.__r,Ke=b.diffed,Ze=b.__c,Ge=b.unmount,Je=b.__;function be(t,e){b.__h&&b.__h(w,t,K||e),K=0;var n=w.__H||(w.__H={__:[],__h:[]});return t>=n.__.length&&n.__.push({}),n.__[t]}function S(t){return K=1,ht(nt,t)}function ht(t,e,n){var o=be(V++,2);if(o.t=t,!o.__c&&(o.__=[n?n(e):nt(void 0,e),function(s){var r=(o.__N||o.__)[0],c=o.t(r,s);ye(r,c)||(o.__N=[c,o.__[1]],o.__c.setState({}))}],o.__c=w,!w.__f)){w.__f=!0;var a=w.shouldComponentUpdate;w.shouldComponentUpdate=function(s,r,c){var u=this.__H;if(!u)return!0;var f=!1,l=this.props!=s;if(u.__.some(function(p){p.__N&&(f=!0,ye(p.__[0],p.__N[0])||(l=!0))}),a){var d=a.call(this,s,r,c);return f?d||l:d}return!f||l}}return o.__}function re(t,e){var n=be(V++,3);!b.__s&&tt(n.__H,e)&&(n.__P=!0,n.__=t,n.u=e,w.__H.__h.push(n))}function L(t){return K=5,et(function(){return{current:t}},[])}function et(t,e){var n=be(V++,7);return tt(n.__H,e)&&(n.__=t(),n.__H=e),n.__}function we(t,e){return K=8,et(function(){return t},e)}function mt(){var t;do{for(;t=ge.shift();)try{B(t)}catch(n){b.__e(n,{__:(t=t.__P)&&t.__v})}for(;t=Ye.shift();){var e=t.__H;if(t.__P&&e)try{e.__h.some(B),e.__h.some(ke),e.__h=[]}catch(n){e.__h=[],b.__e(n,t.__v)}}}while(ge.length)}b.__b=function(t){w=null,Be&&Be(t)},b.__=function(t,e){t&&e.__k&&e.__k.__m&&(t.__m=e.__k.__m),Je&&Je(t,e)},b.__r=function(t){Ve&&Ve(t),V=0;var e=(w=t.__c).__H;e&&($e==w?w.__h=[]:(e.__h.some(B),e.__h.some(ke),V=0),e.__h=[],e.__.some(function(n){n.__N&&(n.__=n.__N),n.u=n.__N=void 0})),$e=w},b.diffed=function(t){Ke&&Ke(t);var e=t.__c;e&&e.__H&&(e.__H.__h.length&&Xe(Ye.push(e)),e.__H.__.some(function(n){n.u&&(n.__H=n.u)})),$e=w=null},b.__c=function(t,e){e.some(function(n){try{n.__h.some(B),n.__h=n.__h.filter(function(o){return!o.__||ke(o)})}catch(o){n.__h=[function(){throw o}]}}),Ze&&Ze(t,e)},b.unmount=function(t){Ge&&Ge(t);var e,n,o=t.__c;o&&o.__H&&(o.__H.__.some(function(a){try{if(a.__P&&a.__c){if(n===void 0){for(n=t.__;n&&(!n.__c||!n.__c.__P);)n=n.__;n=n&&n.__c}a.__P=n,Xe(ge.push(a))}else B(a)}catch(s){e=s}}),o.__H=void 0,e&&b.__e(e,o.__v))};var Qe=typeof requestAnimationFrame=="function";function vt(t){var e,n=function(){clearTimeout(o),Qe&&cancelAnimationFrame(e),setTimeout(t)},o=setTimeout(n,35);Qe&&(e=requestAnimationFrame(n))}function Xe(t){t!=1&&ze==b.requestAnimationFrame||((ze=b.requestAnimationFrame)||vt)(mt)}function B(t){var e=w,n=t.__c;typeof n=="function"&&(t.__c=void 0,n()),w=e}function ke(t){var e=w;t.__c=t.__(),w=e}function tt(t,e){return!t||t.length!=e.length||e.some(function(n,o){return!ye(n,t[o])})}function nt(t,e){return typeof e=="function"?e(t):e}var $t=1e3,ot=36e5,Te=location.pathname.replace(/\/__mock\/ui(?:\/.*)?$/,""),Ce="mock-control-token";function xe(t){try{t===null?sessionStorage.removeItem(Ce):sessionStorage.setItem(Ce,t)}catch{}}function yt(){try{return sessionStorage.getItem(Ce)}catch{return null}}function gt(){let t=new URLSearchParams(location.hash.slice(1)).get("token");return t?(xe(t),history.replaceState(null,"",location.pathname+location.search),t):yt()}var Z=gt(),q=class extends Error{constructor(n,o){super(n);this.status=o}status},G=t=>t instanceof Error?t.message:String(t),ae=t=>t instanceof q&&t.status===401;function kt(t,e,n){let o=(e.headers.get("Content-Type")??"").split(";")[0].trim(),a=n.replace(/<(head|script|style)\b[\s\S]*?<\/\1>/gi," ").replace(/<[^>]*>/g," ").replace(/\s+/g," ").trim(),s=a.length>160?`${a.slice(0,160)}...`:a,r=n.trim()===""?"an empty body":`${o||"no Content-Type"}, not JSON${s?`: "${s}"`:""}`;return new q(`the server answered ${e.status} with ${r} (${t})`,0)}async function C(t,e,n){let o=`${t} ${Te}/__mock${e}`,a={};Z&&(a.Authorization=`Bearer ${Z}`),n!==void 0&&(a["Content-Type"]="application/json"),t==="GET"&&(e==="/version"||/^\/(snapshot|requests)\?limit=/.test(e))&&(a["X-Mock-Inspector"]="poll");let s;try{s=await fetch(`${Te}/__mock${e}`,{method:t,headers:a,body:n===void 0?void 0:JSON.stringify(n)})}catch(u){throw new q(`no answer from the server (${G(u)}; ${o}): is it still running?`,0)}let r=await s.text();if(s.status===204&&r==="")return;let c;try{if(!/\bjson\b/i.test(s.headers.get("Content-Type")??""))throw new Error("not JSON");c=JSON.parse(r)}catch{throw kt(o,s,r)}if(!s.ok){let u=c?.message;throw new q(typeof u=="string"?u:`the server answered ${s.status} (${o})`,s.status)}return c}async function bt(){let t=await C("GET","/snapshot"),e=`mock-state-${t.clock.now.replace(/\.\d+Z$/,"Z").replace(/:/g,"-")}.json`,n=URL.createObjectURL(new Blob([`${JSON.stringify(t,null,2)}
`],{type:"application/json"})),o=document.createElement("a");return o.href=n,o.download=e,document.body.append(o),o.click(),o.remove(),setTimeout(()=>URL.revokeObjectURL(n),6e4),e}var I=t=>t==null?"":new Date(t).toISOString().replace("T"," ").replace(/\.\d+Z$/,"Z"),st=t=>new Date(t).toISOString().replace(/\.\d+Z$/,"Z"),wt={USD:2,KHR:0};function H(t,e){let n=e.toUpperCase(),o=wt[n]??2,a=t.toLocaleString("en-US",{minimumFractionDigits:o,maximumFractionDigits:o});return`${n} ${a}`}var rt=/^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(:\d{2}(?:\.\d{1,3})?)?Z)?$/i;function St(t){let e=rt.exec(t.trim());if(!e)return;let[,n,o="00:00",a=":00"]=e,s=Date.parse(`${n}T${o}${a}Z`);if(Number.isNaN(s))return;let r=new Date(s).toISOString();return r.startsWith(`${n}T${o}`)?r:void 0}var O=t=>t.target.value,F=t=>_`<span class=${`badge badge-${t}`}>${t}</span>`;function J({columns:t,rows:e}){return _`<table class="list">
    <thead>
      <tr>${t.map(n=>_`<th scope="col">${n}</th>`)}</tr>
    </thead>
    <tbody>
      ${e.map(n=>_`<tr key=${n.key} data-testid=${n.testId}>
          ${n.cells.map((o,a)=>_`<td data-label=${t[a]}><div class="cell">${o}</div></td>`)}
        </tr>`)}
    </tbody>
  </table>`}function Tt({snapshot:t,act:e}){let{clock:n}=t,[,o]=S(0),a=L({at:Date.now(),now:n.now});a.current.now!==n.now&&(a.current={at:Date.now(),now:n.now}),re(()=>{if(n.frozen)return;let i=setInterval(()=>o(h=>h+1),1e3);return()=>clearInterval(i)},[n.frozen]);let s=n.frozen?Date.parse(n.now):Date.parse(a.current.now)+Date.now()-a.current.at,[r,c]=S(""),[u,f]=S(null),l=(i,h)=>e(i,()=>C("POST","/clock",h)),d=st(n.now),p=i=>{i.preventDefault();let h=r.trim(),v=St(h);if(v===void 0)return f(h);f(null),l(`set the clock to ${st(v)}`,{now:v})};return _`<section class="clock" aria-label="Clock">
    <div class="clock-now">
      <strong data-testid="clock-now">${I(s)}</strong>
      <span class="muted">${n.frozen?"frozen":"running"}</span>
      <span class="era" title=${n.era.summary}>era ${n.era.name}</span>
    </div>
    <div class="clock-actions">
      <button onClick=${()=>l("+1 hour",{advanceMs:ot})}>+1 hour</button>
      <button onClick=${()=>l("+1 day",{advanceMs:24*ot})}>+1 day</button>
      <button onClick=${()=>l("+1 business day",{businessDays:1})}>+1 business day</button>
      <form class="set-date" onSubmit=${p}>
        <label for="clock-set">Set the clock to (UTC)</label>
        <input
          id="clock-set"
          type="text"
          autocomplete="off"
          spellcheck=${!1}
          placeholder=${d}
          aria-invalid=${u!==null}
          aria-describedby=${u===null?void 0:"clock-set-error"}
          value=${r}
          onInput=${i=>{c(O(i)),f(null)}}
        />
        <button type="submit">Set</button>
      </form>
    </div>
    ${u===null?"":_`<p id="clock-set-error" class="error clock-error" role="alert" data-testid="clock-set-error">
            ${u===""?"Type a UTC date, such as ":rt.test(u.trim())?`"${u}" is no day or time of the calendar: write a real one, such as `:`"${u}" is not a UTC date: write it as `}
            <span class="nowrap">${d}</span>${u===""?".":" (ISO 8601, ending in Z for UTC)."}
          </p>`}
  </section>`}function Ct({snapshot:t}){let[e,n]=S({});return t.merchants.length===0?_`<p class="muted">No merchants yet.</p>`:_`<div class="cards">
    ${t.merchants.map(o=>_`<article class="card" data-testid=${`merchant-${o.merchantId}`}>
        <h3>${o.name} <span class="muted">#${o.merchantId}</span></h3>
        <dl>
          <dt>API key</dt>
          <dd><code>${o.apiKey}</code></dd>
          <dt>API secret</dt>
          <dd>
            ${e[o.merchantId]?_`<code>${o.apiSecret}</code>`:_`<span class="muted">hidden</span>`}
            <button class="link" onClick=${()=>n({...e,[o.merchantId]:!e[o.merchantId]})}>
              ${e[o.merchantId]?"hide":"show"}
            </button>
          </dd>
          <dt>Webhook URL</dt>
          <dd>${o.webhookUrl??_`<span class="muted">none: webhooks are only recorded</span>`}</dd>
          <dt>Stores</dt>
          <dd>${o.stores.map(a=>_`<div>#${a.storeId} ${a.storeName}</div>`)}</dd>
        </dl>
        <table class="balances">
          <thead><tr><th scope="col">balance</th><th scope="col">freeze</th><th scope="col">usable</th></tr></thead>
          <tbody>
            ${["usd","khr"].map(a=>{let s=o.balances[a],r=a.toUpperCase();return _`<tr data-testid=${`balance-${o.merchantId}-${a}`}>
                <td>${H(s.balance,r)}</td><td>${H(s.freeze,r)}</td><td>${H(s.usable,r)}</td>
              </tr>`})}
          </tbody>
        </table>
      </article>`)}
  </div>`}function xt({snapshot:t,act:e}){if(t.orders.length===0)return _`<p class="muted">No orders yet.</p>`;let n=a=>t.transactions.filter(s=>s.kind==="payment"&&s.orderId===a),o=(a,s)=>e(`payment ${s} for order ${a}`,()=>C("POST","/payments",{orderId:a,status:s}));return _`<${J}
    columns=${["order","status","amount","QR code","payments",""]}
    rows=${t.orders.map(a=>({key:a.orderId,testId:`order-${a.orderId}`,cells:[_`#${a.orderId}<div class="muted">merchant #${a.merchantId}, ${I(a.createdAt)}</div>`,F(a.status),H(a.amount,a.currency),_`<img
          class="qr"
          alt=${`QR code of order ${a.orderId}`}
          src=${`${Te}/qr/${encodeURIComponent(a.qrData)}.png`}
        />`,n(a.orderId).map(s=>_`<div>#${s.transactionId} ${F(s.status)} ${I(s.updatedAt)}</div>`),a.status==="pending"||a.status==="processing"?_`<button onClick=${()=>o(a.orderId,"SUCCESS")}>Simulate payment</button>
              <button class="secondary" onClick=${()=>o(a.orderId,"FAILED")}>Simulate failure</button>`:""]}))}
  />`}function It({snapshot:t}){let e=t.transactions.filter(n=>n.kind==="refund"||n.kind==="payout");return e.length===0?_`<p class="muted">No refunds or payouts yet.</p>`:_`<${J}
    columns=${["transaction","kind","amount","status","requested","settles"]}
    rows=${e.map(n=>({key:n.transactionId,testId:`${n.kind}-${n.transactionId}`,cells:[_`#${n.transactionId}
          <div class="muted">${n.kind==="refund"?`order #${n.orderId}`:n.accountNumber}</div>`,n.kind,H(n.amount,n.currency),_`${F(n.status)}${n.failureReason?_`<div class="muted">${n.failureReason}</div>`:""}`,I(n.createdAt),I(n.dueAt)]}))}
  />`}function Et({snapshot:t,act:e}){return _`<div>
    <div class="toolbar">
      <button onClick=${()=>e("duplicate next",()=>C("POST","/webhooks/duplicate-next",{}))}>
        Duplicate the next
      </button>
      <button onClick=${()=>e("hold next",()=>C("POST","/webhooks/hold-next",{}))}>Hold the next</button>
      <button onClick=${()=>e("stale next",()=>C("POST","/webhooks/stale-next",{seconds:600}))}>
        Next one 10 min stale
      </button>
    </div>
    ${t.webhooks.length===0?_`<p class="muted">No webhooks yet.</p>`:t.webhooks.map(n=>_`<details class="webhook" data-testid=${`webhook-${n.id}`}>
            <summary>
              #${n.id} ${F(n.status)} ${n.payload.status} for order #${n.payload.orderId},${" "}
              ${H(n.payload.amount,n.payload.currency)}${" "}
              <span class="muted">
                ${n.attempts.length} attempt(s)${n.nextAttemptAt?`, next ${I(n.nextAttemptAt)}`:""}
              </span>
            </summary>
            <ol>
              ${n.attempts.map(o=>_`<li>${I(o.at)} ${F(o.outcome)} ${o.detail}</li>`)}
            </ol>
            <h4>Headers</h4>
            <pre>${JSON.stringify(n.headers,null,2)}</pre>
            <h4>Body</h4>
            <pre>${n.rawBody}</pre>
            ${n.url?_`<button
                    onClick=${()=>e(`redeliver ${n.id}`,()=>C("POST",`/webhooks/${n.id}/redeliver`,{}))}
                  >
                  Redeliver
                </button>`:_`<p class="muted">Recorded only: the merchant has no webhook URL.</p>`}
          </details>`)}
  </div>`}function Pt({snapshot:t}){return _`<div>
    ${t.users.length===0?_`<p class="muted">No PIN users yet.</p>`:""}
    <${J}
      columns=${["user","PIN","wrong attempts","blocked until","reset sessions"]}
      rows=${t.users.map(e=>({key:e.userId,cells:[_`#${e.userId}
            <div class="muted">${e.email??""} ${e.phone?`+${e.phone.phoneCode} ${e.phone.phoneNumber}`:""}</div>`,e.hasPin?"set":"not set",e.wrongAttempts,I(e.blockedUntil),e.resetSessions.map(n=>_`<div>${F(n.state)} ${n.to}, until ${I(n.expiresAt)}</div>`)]}))}
    />
    <h3>One-time codes sent</h3>
    ${t.otp.length===0?_`<p class="muted">None yet.</p>`:""}
    <${J}
      columns=${["code","to","sent"]}
      rows=${t.otp.map(e=>({key:`${e.sessionId}-${e.sentAt}`,cells:[_`<code>${e.code}</code>`,e.to,I(e.sentAt)]}))}
    />
  </div>`}function Nt({snapshot:t,act:e}){let[n,o]=S("POST /api/v1/payment-gateway/order/create"),[a,s]=S("error"),[r,c]=S("503"),[u,f]=S("2000");return _`<div>
    <form class="toolbar fault-form" onSubmit=${d=>{d.preventDefault();let p={route:n,kind:a};a==="error"&&(p.status=Number(r)),a==="latency"&&(p.delayMs=Number(u)),e(`fault on ${n}`,()=>C("POST","/faults",p))}}>
      <div class="field field-wide">
        <label for="fault-route">Route</label>
        <input id="fault-route" value=${n} spellcheck=${!1} onInput=${d=>o(O(d))} />
      </div>
      <div class="field">
        <label for="fault-kind">Kind</label>
        <select id="fault-kind" value=${a} onChange=${d=>s(O(d))}>
          ${["error","latency","network","drop-response"].map(d=>_`<option value=${d}>${d}</option>`)}
        </select>
      </div>
      ${a==="error"?_`<div class="field">
              <label for="fault-status">Status</label>
              <input
                id="fault-status"
                inputmode="numeric"
                size="4"
                value=${r}
                onInput=${d=>c(O(d))}
              />
            </div>`:""}
      ${a==="latency"?_`<div class="field">
              <label for="fault-delay">Delay (ms)</label>
              <input
                id="fault-delay"
                inputmode="numeric"
                size="6"
                value=${u}
                onInput=${d=>f(O(d))}
              />
            </div>`:""}
      <div class="field-buttons">
        <button type="submit">Add fault</button>
        <button type="button" class="secondary" onClick=${()=>e("clear faults",()=>C("DELETE","/faults"))}>
          Clear
        </button>
      </div>
    </form>
    ${t.faults.length===0?_`<p class="muted">No active faults.</p>`:_`<ul class="faults">
          ${t.faults.map(d=>_`<li>
                ${d.route}: ${d.kind}${d.kind==="error"?` ${d.status}`:""}${d.kind==="latency"?` ${d.delayMs} ms`:""}, ${d.remaining==="always"?"every time":`${d.remaining} left`}
              </li>`)}
        </ul>`}
  </div>`}function At({snapshot:t}){let[e,n]=S(""),[o,a]=S("all"),s=t.requests.filter(r=>r.path.includes(e)&&(o==="all"||r.status!==null&&String(r.status)[0]===o[0]||o==="cut"&&r.status===null));return _`<div>
    <div class="toolbar">
      <input
        aria-label="Path filter"
        placeholder="path contains"
        value=${e}
        onInput=${r=>n(O(r))}
      />
      <select aria-label="Status filter" value=${o} onChange=${r=>a(O(r))}>
        ${["all","2xx","4xx","5xx","cut"].map(r=>_`<option value=${r}>${r}</option>`)}
      </select>
    </div>
    <${J}
      columns=${["#","request","status","ms","idempotency key"]}
      rows=${s.map(r=>({key:r.seq,cells:[r.seq,_`${r.method} ${r.path}
            ${r.warnings.length?_`<div class="warning">${r.warnings.join("; ")}</div>`:""}`,r.status??"cut",r.durationMs.toFixed(1),r.idempotencyKey===null?"":_`<code>${r.idempotencyKey}</code>`]}))}
    />
  </div>`}var Se=[["merchants","Merchants",Ct],["orders","Orders",xt],["money","Refunds and payouts",It],["webhooks","Webhooks",Et],["pin","PIN users",Pt],["faults","Faults",Nt],["requests","Requests",At]],Dt={"refused-pasted":"The server refused this token. Copy it again from the banner\u2019s control token line (the token alone, without the spaces around it) and try again.","refused-kept":"The server refused the token this tab had: the server may have been started again with another one (off loopback it makes up a new one at each start). Paste the one its banner prints now."};function Rt({need:t,attempt:e,checking:n,problem:o,onToken:a}){let s=L(null);return re(()=>{s.current?.focus(),s.current?.select()},[e]),_`<form class="token-form" aria-labelledby="token-title" onSubmit=${c=>{c.preventDefault();let u=s.current?.value.trim()??"";u!==""&&a(u)}}>
    <h2 id="token-title">This server needs its control token</h2>
    <p>
      Its control API (API secrets, one-time codes, money and time) answers only calls that carry its control
      token: the one it was started with (<code>--control-token</code>), or one it made up because it listens on
      another address than loopback (<code>--host</code>).
    </p>
    <p>
      Where you started the server, its banner prints the token on the line <code>control token <i>token</i></code>.
      The banner's <code>inspector:</code> line carries it too, as <code>/__mock/ui/#token=<i>token</i></code>:
      opening that address skips this form.
    </p>
    ${t==="missing"?"":_`<p class="error" role="alert" key=${e}>${Dt[t]}</p>`}
    ${o===null?"":_`<p class="error" role="alert">${o}</p>`}
    <div class="token-field">
      <label for="control-token">Control token</label>
      <input
        id="control-token"
        ref=${s}
        autocomplete="off"
        autocapitalize="off"
        spellcheck=${!1}
        required
      />
      <button type="submit" disabled=${n}>Open the inspector</button>
    </div>
    <p class="muted">The page keeps it for this tab until the tab closes, and sends it to this server only.</p>
  </form>`}function Ut(t){let[e,n]=S(null),[o,a]=S(0),[s,r]=S(!1),[c,u]=S(null),f=L(!1),l=we(()=>{let p=Z===null?"missing":f.current?"refused-pasted":"refused-kept";n(i=>i!==null&&p==="missing"?i:p),Z=null,xe(null)},[]);return{need:e,attempt:o,checking:s,problem:c,askForToken:l,tryToken:async p=>{Z=p,f.current=!0,r(!0),u(null);try{await C("GET","/version"),xe(p),f.current=!1,t(),n(null)}catch(i){ae(i)?l():u(G(i)),a(h=>h+1)}finally{r(!1)}}}}function Mt(t,e){let[n,o]=S(null),[a,s]=S(null),r=L(null),c=we(async()=>{let[f,l]=await Promise.all([C("GET","/snapshot?limit=50"),C("GET","/requests?limit=50")]);o({...f,requests:l.reverse()})},[]);return re(()=>{if(!t)return;let f=!1,l,d=async()=>{try{let{version:p}=await C("GET","/version");p!==r.current&&(await c(),r.current=p),s(null)}catch(p){if(ae(p))return e();s(G(p))}f||(l=setTimeout(d,$t))};return d(),()=>{f=!0,clearTimeout(l)}},[c,t,e]),{snapshot:n,error:a,reload:c,forget:()=>{r.current=null}}}function Ot(){let[t,e]=S(null),n=L(()=>{}),{need:o,attempt:a,checking:s,problem:r,askForToken:c,tryToken:u}=Ut(()=>n.current()),{snapshot:f,error:l,reload:d,forget:p}=Mt(o===null,c);n.current=p;let i=()=>{bt().then(v=>e(`Saved the state as ${v}`),v=>{ae(v)&&c(),e(`Save state: ${G(v)}`)})},h=(v,$)=>{$().then(()=>e(`${v}: done`)).catch(y=>{ae(y)&&c(),e(`${v}: ${G(y)}`)}).finally(()=>{d().catch(()=>{})})};return o!==null?_`<main>
      <header><h1>Mock inspector</h1></header>
      <${Rt} need=${o} attempt=${a} checking=${s} problem=${r} onToken=${u} />
    </main>`:f?_`<${Lt} snapshot=${f} error=${l} notice=${t} act=${h} save=${i} />`:_`<main>
      <p role=${l?"alert":void 0}>${l??"Loading the mock\u2019s state..."}</p>
    </main>`}function Lt({snapshot:t,error:e,notice:n,act:o,save:a}){let[s,r]=S(location.hash.replace("#","")||"merchants"),c=(Se.find(([u])=>u===s)??Se[0])[2];return _`<main>
    <header>
      <h1>Mock inspector</h1>
      ${e?_`<span class="error" role="alert">${e}</span>`:_`<span class="live">live</span>`}
      <button
        class="secondary header-action"
        title="Download the complete state, to load with --state, mock.load() or POST /__mock/snapshot"
        onClick=${a}
      >
        Save state
      </button>
    </header>
    <${Tt} snapshot=${t} act=${o} />
    ${n?_`<p class="notice" role="status">${n}</p>`:""}
    <nav role="tablist">
      ${Se.map(([u,f])=>_`<button
          role="tab"
          aria-selected=${s===u}
          onClick=${()=>{r(u),history.replaceState(null,"",`#${u}`)}}
        >
          ${f}
        </button>`)}
    </nav>
    <section role="tabpanel"><${c} snapshot=${t} act=${o} /></section>
  </main>`}ve(_`<${Ot} />`,document.getElementById("app"));
